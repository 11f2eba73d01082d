/** What one Drive REST call answered when it was not a success. */
export class DriveApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`Drive API answered ${status}${reason ? ` (${reason})` : ''}`);
    this.name = 'DriveApiError';
  }
}

const FOLDER_MIME = 'application/vnd.google-apps.folder';
const TIMEOUT_MS = 60_000;

export interface DriveUpload {
  name: string;
  mime: string;
  bytes: Uint8Array;
  folderId: string;
  description: string;
}

/**
 * The few Drive v3 REST calls a backup needs, with a person's access token: create a folder and
 * upload a file into it (resumable upload: one metadata request, then the bytes).
 */
export class DriveClient {
  constructor(private readonly apiUrl: string) {}

  async createFolder(accessToken: string, name: string): Promise<string> {
    const answer = await this.call(`${this.apiUrl}/drive/v3/files?fields=id`, {
      method: 'POST',
      headers: json(accessToken),
      body: JSON.stringify({ name, mimeType: FOLDER_MIME }),
    });
    return idOf(await answer.json());
  }

  async upload(accessToken: string, file: DriveUpload): Promise<string> {
    const started = await this.call(
      `${this.apiUrl}/upload/drive/v3/files?uploadType=resumable&fields=id`,
      {
        method: 'POST',
        headers: {
          ...json(accessToken),
          'X-Upload-Content-Type': file.mime,
          'X-Upload-Content-Length': String(file.bytes.byteLength),
        },
        body: JSON.stringify({
          name: file.name,
          parents: [file.folderId],
          description: file.description,
        }),
      },
    );
    const session = started.headers.get('location');
    // The upload URL must stay on Drive's host: never send a person's file somewhere else.
    if (!session || new URL(session, this.apiUrl).origin !== new URL(this.apiUrl).origin) {
      throw new DriveApiError(502, 'no upload session');
    }
    const done = await this.call(new URL(session, this.apiUrl).href, {
      method: 'PUT',
      headers: { 'Content-Type': file.mime },
      body: file.bytes as Uint8Array<ArrayBuffer>,
    });
    return idOf(await done.json());
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (answer.ok) return answer;
    let reason = '';
    try {
      const body = (await answer.json()) as { error?: { errors?: { reason?: string }[] } };
      reason = body.error?.errors?.[0]?.reason ?? '';
    } catch {
      // not JSON: the status says enough
    }
    throw new DriveApiError(answer.status, reason);
  }
}

function json(accessToken: string): Record<string, string> {
  return {
    Authorization: `Bearer ${accessToken}`,
    'Content-Type': 'application/json; charset=UTF-8',
  };
}

function idOf(body: unknown): string {
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || id === '') throw new DriveApiError(502, 'no file id');
  return id;
}
