import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

/** Just enough of XMLHttpRequest to drive the sdk's default upload path from Node. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: unknown;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  /** The test plays the network. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

describe('uploads use XMLHttpRequest when the runtime has it', () => {
  it('reports progress in whole percents and sends cookies, bearer and CSRF header', async () => {
    server.use(csrfHandler());
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
    await client.ready;
    const progress: number[] = [];

    const uploading = client.session.setProfileImage(
      new Blob(['png'], { type: 'image/png' }),
      (percent) => progress.push(percent),
    );
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last as FakeXhr;
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    xhr.respond(200, { ...ana, profile_image: '/media/p.png' });

    await expect(uploading).resolves.toMatchObject({ profile_image: '/media/p.png' });
    expect(progress).toEqual([33, 100]);
    expect(xhr).toMatchObject({
      method: 'PATCH',
      url: 'http://api.test/accounts/update-profile-image/',
      withCredentials: true,
      headers: { Authorization: 'Bearer tok', 'X-CSRFToken': 'csrf-1' },
    });
    expect((xhr.body as FormData).get('profile_image')).toBeInstanceOf(Blob);
  });

  it('maps a network failure to NetworkError', async () => {
    server.use(csrfHandler());
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
    await client.ready;

    const uploading = client.api.accounts.updateProfileImage(new Blob(['x']));
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    FakeXhr.last?.onerror?.();

    await expect(uploading).rejects.toMatchObject({ name: 'NetworkError' });
  });
});
