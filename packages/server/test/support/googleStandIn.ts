import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DriveFile {
  id: string;
  name: string;
  parents: string[];
  mimeType: string;
  description?: string;
  bytes: Buffer;
}

interface Grant {
  userLabel: string;
  refreshToken: string;
  scopes: string[];
  revoked: boolean;
}

const CLIENT_ID = 'parley-test-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'test-google-client-secret';

/**
 * A small stand-in of Google's OAuth 2.0 server (discovery, token, revocation) and of the Drive
 * v3 calls a backup makes, on 127.0.0.1. It checks what Google checks: the client's secret, the
 * PKCE verifier against the challenge, one use per code, the redirect URI, bearer tokens.
 */
export class GoogleStandIn {
  readonly clientId = CLIENT_ID;
  readonly clientSecret = CLIENT_SECRET;
  readonly files = new Map<string, DriveFile>();
  readonly folders = new Map<string, string>();
  readonly revokedTokens: string[] = [];
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly codes = new Map<
    string,
    { challenge: string; redirectUri: string; grant: Grant; used: boolean }
  >();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly sessions = new Map<string, Omit<DriveFile, 'bytes' | 'id'>>();
  private counter = 0;
  /** Resumable uploads begun (session opened), so a test can see a backup under way. */
  uploadsBegun = 0;
  /** While set, uploads wait for it (to hold a backup in the middle). */
  uploadGate: Promise<void> | null = null;
  /** Answer uploads with this status instead (403 over quota, 500 …). */
  failUploadsWith: number | null = null;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<GoogleStandIn> {
    let standIn: GoogleStandIn | undefined;
    const server = createServer((request, response) => {
      void standIn?.handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    standIn = new GoogleStandIn(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /**
   * What Google's consent page does when the person answers: the redirect back to the app, with
   * a code (or `error=access_denied`). `scopes` are the ones the person left ticked.
   */
  consent(authorizeUrl: string, answer: { allow: boolean; scopes?: string[] } = { allow: true }) {
    const url = new URL(authorizeUrl);
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    const state = url.searchParams.get('state') ?? '';
    if (!answer.allow) {
      redirect.search = new URLSearchParams({ error: 'access_denied', state }).toString();
      return redirect;
    }
    const code = `4/${this.next('code')}`;
    const scopes = answer.scopes ?? (url.searchParams.get('scope') ?? '').split(' ');
    this.codes.set(code, {
      challenge: url.searchParams.get('code_challenge') ?? '',
      redirectUri: redirect.href,
      grant: {
        userLabel: code,
        refreshToken: `1//${this.next('refresh')}`,
        scopes,
        revoked: false,
      },
      used: false,
    });
    redirect.search = new URLSearchParams({ code, state, scope: scopes.join(' ') }).toString();
    return redirect;
  }

  /** Every access token handed out so far stops working (as after an hour). */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** The person removes the app's access in their Google account. */
  revokeAll(): void {
    for (const code of this.codes.values()) code.grant.revoked = true;
    this.accessTokens.clear();
  }

  filesIn(folderName: string): DriveFile[] {
    const ids = [...this.folders].filter(([, name]) => name === folderName).map(([id]) => id);
    return [...this.files.values()].filter((file) => file.parents.some((p) => ids.includes(p)));
  }

  private next(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}-${randomBytes(6).toString('hex')}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', this.url);
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(json));
    };
    const driveError = (status: number, reason: string) =>
      send(status, { error: { code: status, errors: [{ reason }], message: reason } });

    if (url.pathname === '/.well-known/openid-configuration') {
      return send(200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/o/oauth2/v2/auth`,
        token_endpoint: `${this.url}/token`,
        revocation_endpoint: `${this.url}/revoke`,
        jwks_uri: `${this.url}/oauth2/v3/certs`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['plain', 'S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (url.pathname === '/o/oauth2/v2/auth' && request.method === 'GET') {
      // The consent page, answered at once as a person pressing Allow would (browser tests).
      if (url.searchParams.get('client_id') !== CLIENT_ID)
        return send(400, { error: 'invalid_client' });
      response.writeHead(302, { location: this.consent(url.href).href });
      return void response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(body.toString());
      this.tokenRequests.push(form);
      const basic = request.headers.authorization?.startsWith('Basic ')
        ? decodeURIComponent(
            Buffer.from(request.headers.authorization.slice(6), 'base64')
              .toString()
              .split(':')[1] ?? '',
          )
        : null;
      if ((form.get('client_secret') ?? basic) !== CLIENT_SECRET) {
        return send(401, { error: 'invalid_client' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const code = this.codes.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !code ||
          code.used ||
          code.challenge !== challenge ||
          code.redirectUri !== form.get('redirect_uri')
        ) {
          return send(400, { error: 'invalid_grant' });
        }
        code.used = true;
        return send(200, this.issue(code.grant, true));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = [...this.codes.values()].find(
          (code) => code.grant.refreshToken === form.get('refresh_token'),
        )?.grant;
        if (!grant || grant.revoked) return send(400, { error: 'invalid_grant' });
        return send(200, this.issue(grant, false));
      }
      return send(400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/revoke' && request.method === 'POST') {
      const token = new URLSearchParams(body.toString()).get('token') ?? '';
      this.revokedTokens.push(token);
      for (const code of this.codes.values()) {
        if (code.grant.refreshToken === token) code.grant.revoked = true;
      }
      return send(200, {});
    }

    // Drive v3: every call needs a live access token.
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const isUploadPut = request.method === 'PUT' && url.searchParams.has('upload_id');
    if (!isUploadPut) {
      const grant = bearer ? this.accessTokens.get(bearer) : undefined;
      if (!grant || grant.revoked) return driveError(401, 'authError');
    }
    if (url.pathname === '/drive/v3/files' && request.method === 'POST') {
      const meta = JSON.parse(body.toString()) as { name: string; mimeType: string };
      if (meta.mimeType !== 'application/vnd.google-apps.folder')
        return driveError(400, 'badRequest');
      const id = this.next('folder');
      this.folders.set(id, meta.name);
      return send(200, { id });
    }
    if (url.pathname === '/upload/drive/v3/files' && request.method === 'POST') {
      if (url.searchParams.get('uploadType') !== 'resumable') return driveError(400, 'badRequest');
      const meta = JSON.parse(body.toString()) as {
        name: string;
        parents: string[];
        description?: string;
      };
      if (!meta.parents.every((parent) => this.folders.has(parent))) {
        return driveError(404, 'notFound');
      }
      const uploadId = this.next('upload');
      this.uploadsBegun += 1;
      this.sessions.set(uploadId, {
        name: meta.name,
        parents: meta.parents,
        description: meta.description,
        mimeType: String(request.headers['x-upload-content-type'] ?? ''),
      });
      response.writeHead(200, {
        location: `${this.url}/upload/drive/v3/files?uploadType=resumable&upload_id=${uploadId}`,
      });
      return void response.end();
    }
    if (url.pathname === '/upload/drive/v3/files' && isUploadPut) {
      await this.uploadGate;
      if (this.failUploadsWith) return driveError(this.failUploadsWith, 'storageQuotaExceeded');
      const session = this.sessions.get(url.searchParams.get('upload_id') ?? '');
      if (!session) return driveError(404, 'notFound');
      this.sessions.delete(url.searchParams.get('upload_id') ?? '');
      const id = this.next('file');
      this.files.set(id, { id, ...session, bytes: body });
      return send(200, { id });
    }
    return driveError(404, 'notFound');
  }

  private issue(grant: Grant, withRefresh: boolean) {
    const accessToken = `ya29.${this.next('access')}`;
    this.accessTokens.set(accessToken, grant);
    return {
      access_token: accessToken,
      expires_in: 3599,
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
      ...(withRefresh ? { refresh_token: grant.refreshToken } : {}),
    };
  }

  /** Removes a folder (the person deleted it in Drive). */
  deleteFolder(id: string): void {
    this.folders.delete(id);
  }
}
