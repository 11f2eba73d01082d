import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { UploadRequest, UploadTransport } from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

async function signedIn(options: Parameters<typeof createTestClient>[0] = {}) {
  const setup = createTestClient({
    stored: { 'persist:root': persistedValue('tok', ana) },
    ...options,
  });
  await setup.client.ready;
  return setup;
}

describe('settings are applied at once, then saved', () => {
  it('shows the change before the server answers and keeps the server spelling', async () => {
    let body: unknown;
    server.use(
      csrfHandler(),
      http.patch(`${API_URL}/accounts/update-language/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...ana, language: 'Haitian Creole' });
      }),
    );
    const { client, items } = await signedIn();

    const saving = client.session.setLanguage('haitian creole');
    expect(client.session.state.user?.language).toBe('haitian creole');
    await saving;

    expect(body).toEqual({ language: 'haitian creole' });
    expect(client.session.state.user?.language).toBe('Haitian Creole');
    expect(items.get('persist:root')).toBe(
      persistedValue('tok', { ...ana, language: 'Haitian Creole' }),
    );
  });

  it('a failed save is only logged and the change stays', async () => {
    server.use(
      csrfHandler(),
      http.patch(`${API_URL}/accounts/update-mute-sounds/`, () =>
        HttpResponse.json({ detail: 'Boom' }, { status: 500 }),
      ),
      http.post(`${API_URL}/accounts/update-chat-theme/`, () => HttpResponse.error()),
    );
    const { client, logger } = await signedIn();

    await expect(client.session.setMuteSounds(true)).resolves.toBeUndefined();
    await expect(client.session.setChatTheme('blue')).resolves.toBeUndefined();

    expect(client.session.state.user).toMatchObject({ mute_sounds: true, chat_theme: 'blue' });
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('sends each setting in the documented body', async () => {
    const bodies: Record<string, unknown> = {};
    const record =
      (name: string) =>
      async ({ request }: { request: Request }) => {
        bodies[name] = await request.json();
        return HttpResponse.json(ana);
      };
    server.use(
      csrfHandler(),
      http.patch(`${API_URL}/accounts/update-voice-output/`, record('voice')),
      http.post(`${API_URL}/accounts/update-chat-theme/`, record('theme')),
      http.patch(`${API_URL}/accounts/update-profile-info/`, record('info')),
    );
    const { client } = await signedIn();

    await client.session.setVoiceOutput(false);
    await client.session.setChatTheme('light');
    await client.session.setProfileInfo('Hola');

    expect(bodies).toEqual({
      voice: { voice_output_enabled: false },
      theme: { chat_theme: 'light' },
      info: { profile_info: 'Hola' },
    });
  });
});

describe('profile image upload', () => {
  it('goes through the upload transport with progress, bearer and CSRF header', async () => {
    server.use(csrfHandler());
    const seen: UploadRequest[] = [];
    const uploadTransport: UploadTransport = async (request) => {
      seen.push(request);
      request.onProgress?.(40);
      request.onProgress?.(100);
      return {
        status: 200,
        body: JSON.stringify({ ...ana, profile_image: '/media/a.png' }),
        contentType: 'application/json',
      };
    };
    const { client } = await signedIn({ uploadTransport });
    const progress = vi.fn();

    const user = await client.session.setProfileImage(
      new Blob(['png'], { type: 'image/png' }),
      progress,
    );

    expect(user.profile_image).toBe('/media/a.png');
    expect(client.session.state.user?.profile_image).toBe('/media/a.png');
    expect(progress.mock.calls).toEqual([[40], [100]]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      url: `${API_URL}/accounts/update-profile-image/`,
      method: 'PATCH',
      headers: { Authorization: 'Bearer tok', 'X-CSRFToken': 'csrf-1' },
    });
    expect(seen[0]?.body.get('profile_image')).toBeInstanceOf(Blob);
  });

  it('refreshes and replays an upload answered 401', async () => {
    let refreshes = 0;
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/token/refresh/`, () => {
        refreshes += 1;
        return HttpResponse.json({ access: 'new' });
      }),
    );
    const tokens: (string | undefined)[] = [];
    const uploadTransport: UploadTransport = async (request) => {
      tokens.push(request.headers.Authorization);
      return request.headers.Authorization === 'Bearer new'
        ? { status: 200, body: JSON.stringify(ana), contentType: 'application/json' }
        : { status: 401, body: '{"detail":"expired"}', contentType: 'application/json' };
    };
    const { client } = await signedIn({ uploadTransport });

    await client.api.accounts.updateProfileImage(new Blob(['x'], { type: 'image/png' }));

    expect(tokens).toEqual(['Bearer tok', 'Bearer new']);
    expect(refreshes).toBe(1);
  });

  it('falls back to fetch (no progress) without XMLHttpRequest or a transport, and rejects on failure', async () => {
    let fileType: string | undefined;
    server.use(
      csrfHandler(),
      http.patch(`${API_URL}/accounts/update-profile-image/`, async ({ request }) => {
        const form = await request.formData();
        const file = form.get('profile_image');
        fileType = file instanceof Blob ? file.type : undefined;
        return HttpResponse.json({ profile_image: ['Unsupported image.'] }, { status: 400 });
      }),
    );
    const { client } = await signedIn();

    await expect(
      client.session.setProfileImage(new Blob(['gif'], { type: 'image/gif' })),
    ).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      fieldErrors: { profile_image: ['Unsupported image.'] },
    });
    expect(fileType).toBe('image/gif');
  });
});

describe('refreshUser', () => {
  it('stores the answered user, and a failure is logged and gives null', async () => {
    let fail = false;
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/me/`, () =>
        fail
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({ ...ana, followers_count: 3 }),
      ),
    );
    const { client, logger } = await signedIn();

    await expect(client.session.refreshUser()).resolves.toMatchObject({ followers_count: 3 });
    expect(client.session.state.user?.followers_count).toBe(3);

    fail = true;
    await expect(client.session.refreshUser()).resolves.toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(client.session.state.user?.followers_count).toBe(3);
  });

  it('leaves the stored user as it is when the answer is the same person unchanged', async () => {
    let followers = 3;
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/me/`, () =>
        HttpResponse.json({ ...ana, followers_count: followers }),
      ),
    );
    const { client } = await signedIn();
    await client.session.refreshUser();
    const stored = client.session.state.user;
    const changes = vi.fn();
    client.on('session:changed', changes);

    // Unchanged: the same object stays, so nothing that shows the person re-renders.
    await client.session.refreshUser();
    expect(client.session.state.user).toBe(stored);
    expect(changes).not.toHaveBeenCalled();

    // Changed: replaced, and told.
    followers = 4;
    await client.session.refreshUser();
    expect(client.session.state.user).not.toBe(stored);
    expect(client.session.state.user?.followers_count).toBe(4);
    expect(changes).toHaveBeenCalled();
  });
});

describe('auto-correct setting', () => {
  it('is applied at once, then saved with PATCH /accounts/update-auto-correct/', async () => {
    let body: unknown;
    server.use(
      csrfHandler(),
      http.patch(`${API_URL}/accounts/update-auto-correct/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...ana, auto_correct: true });
      }),
    );
    const { client } = await signedIn();
    expect(client.session.state.user?.auto_correct ?? false).toBe(false);

    const saving = client.session.setAutoCorrect(true);
    expect(client.session.state.user?.auto_correct).toBe(true);
    await saving;

    expect(body).toEqual({ auto_correct: true });
    expect(client.session.state.user?.auto_correct).toBe(true);
  });

  it('keeps the change and only logs when the save fails', async () => {
    server.use(
      csrfHandler(),
      http.patch(`${API_URL}/accounts/update-auto-correct/`, () =>
        HttpResponse.json({ detail: 'Boom' }, { status: 500 }),
      ),
    );
    const { client, logger } = await signedIn();

    await client.session.setAutoCorrect(true);
    expect(client.session.state.user?.auto_correct).toBe(true);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});
