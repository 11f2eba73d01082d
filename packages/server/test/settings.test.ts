import type { CurrentUser } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let client: HttpClient;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  client = server.client();
  token = (await registerUser(client)).access_token;
});
afterAll(() => server?.close());

function send(method: 'PATCH' | 'POST', path: string, body: unknown) {
  return client.request<CurrentUser>(method, path, body, { token });
}

describe('settings calls answer 200 with the whole CurrentUser', () => {
  it('PATCH /accounts/update-language/ stores the canonical name', async () => {
    const response = await send('PATCH', '/accounts/update-language/', { language: ' tok pisin ' });
    expect(response.status).toBe(200);
    expect(response.body.language).toBe('Tok Pisin');
    expect(response.body).toHaveProperty('followers_count', 0);
  });

  it('PATCH /accounts/update-mute-sounds/', async () => {
    const on = await send('PATCH', '/accounts/update-mute-sounds/', { mute_sounds: true });
    expect(on.status).toBe(200);
    expect(on.body.mute_sounds).toBe(true);
    const off = await send('PATCH', '/accounts/update-mute-sounds/', { mute_sounds: false });
    expect(off.body.mute_sounds).toBe(false);
  });

  it('PATCH /accounts/update-voice-output/', async () => {
    const response = await send('PATCH', '/accounts/update-voice-output/', {
      voice_output_enabled: false,
    });
    expect(response.status).toBe(200);
    expect(response.body.voice_output_enabled).toBe(false);
  });

  it('PATCH /accounts/update-auto-correct/ turns auto-correct on and off (off by default)', async () => {
    const before = await client.get<CurrentUser>('/accounts/me/', { token });
    expect(before.body.auto_correct).toBe(false);
    const on = await send('PATCH', '/accounts/update-auto-correct/', { auto_correct: true });
    expect(on.status).toBe(200);
    expect(on.body.auto_correct).toBe(true);
    const off = await send('PATCH', '/accounts/update-auto-correct/', { auto_correct: false });
    expect(off.body.auto_correct).toBe(false);
  });

  it.each(['default', 'light', 'blue'])('POST /accounts/update-chat-theme/ %s', async (theme) => {
    const response = await send('POST', '/accounts/update-chat-theme/', { chat_theme: theme });
    expect(response.status).toBe(200);
    expect(response.body.chat_theme).toBe(theme);
  });

  it('PATCH /accounts/update-profile-info/ saves and clears the bio', async () => {
    const bio = `Hola! 👋 ${'x'.repeat(480)}`;
    const saved = await send('PATCH', '/accounts/update-profile-info/', { profile_info: bio });
    expect(saved.status).toBe(200);
    expect(saved.body.profile_info).toBe(bio);
    const cleared = await send('PATCH', '/accounts/update-profile-info/', { profile_info: '' });
    expect(cleared.body.profile_info).toBe('');
  });

  it('every change is visible to GET /accounts/me/', async () => {
    await send('PATCH', '/accounts/update-language/', { language: 'Maori' });
    await send('POST', '/accounts/update-chat-theme/', { chat_theme: 'light' });
    const me = await client.get<CurrentUser>('/accounts/me/', { token });
    expect(me.body).toMatchObject({ language: 'Maori', chat_theme: 'light' });
  });
});

describe('settings calls refuse bad input with field errors and change nothing', () => {
  it.each([
    [
      '/accounts/update-language/',
      'PATCH',
      { language: 'Klingon' },
      { language: ['Unknown language.'] },
    ],
    [
      '/accounts/update-language/',
      'PATCH',
      { language: '  ' },
      { language: ['This field is required.'] },
    ],
    ['/accounts/update-language/', 'PATCH', { language: 7 }, { language: ['Not a valid string.'] }],
    ['/accounts/update-language/', 'PATCH', {}, { language: ['This field is required.'] }],
    [
      '/accounts/update-mute-sounds/',
      'PATCH',
      { mute_sounds: 'true' },
      { mute_sounds: ['Must be a valid boolean.'] },
    ],
    [
      '/accounts/update-mute-sounds/',
      'PATCH',
      { mute_sounds: 1 },
      { mute_sounds: ['Must be a valid boolean.'] },
    ],
    [
      '/accounts/update-mute-sounds/',
      'PATCH',
      { mute_sounds: null },
      { mute_sounds: ['This field may not be null.'] },
    ],
    [
      '/accounts/update-voice-output/',
      'PATCH',
      {},
      { voice_output_enabled: ['This field is required.'] },
    ],
    [
      '/accounts/update-auto-correct/',
      'PATCH',
      { auto_correct: 'yes' },
      { auto_correct: ['Must be a valid boolean.'] },
    ],
    [
      '/accounts/update-chat-theme/',
      'POST',
      { chat_theme: 'ocean' },
      { chat_theme: ['"ocean" is not a valid choice.'] },
    ],
    [
      '/accounts/update-chat-theme/',
      'POST',
      { chat_theme: ['blue'] },
      { chat_theme: ['Not a valid string.'] },
    ],
    [
      '/accounts/update-profile-info/',
      'PATCH',
      { profile_info: 'x'.repeat(501) },
      { profile_info: ['Ensure this field has no more than 500 characters.'] },
    ],
    [
      '/accounts/update-profile-info/',
      'PATCH',
      { profile_info: null },
      { profile_info: ['This field may not be null.'] },
    ],
    [
      '/accounts/update-profile-info/',
      'PATCH',
      { profile_info: 'a\u0000b' },
      { profile_info: ['Null characters are not allowed.'] },
    ],
  ] as const)('%s %s %j → 400', async (path, method, body, errors) => {
    const before = await client.get<CurrentUser>('/accounts/me/', { token });
    const response = await send(method, path, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
    const after = await client.get<CurrentUser>('/accounts/me/', { token });
    expect(after.body).toEqual(before.body);
  });

  it('malformed JSON → 400 {detail}', async () => {
    const response = await send('PATCH', '/accounts/update-mute-sounds/', '{mute_sounds: true}');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Malformed JSON in request body.' });
  });

  it('an oversized body → 413 {detail}', async () => {
    const response = await send('PATCH', '/accounts/update-profile-info/', {
      profile_info: 'x'.repeat(65 * 1024),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body is too large.' });
  });

  it.each([
    ['PATCH', '/accounts/update-language/'],
    ['PATCH', '/accounts/update-mute-sounds/'],
    ['PATCH', '/accounts/update-voice-output/'],
    ['POST', '/accounts/update-chat-theme/'],
    ['PATCH', '/accounts/update-profile-info/'],
    ['PATCH', '/accounts/update-profile-image/'],
  ])('%s %s without a token → 401', async (method, path) => {
    const response = await server.client().request(method, path, {});
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
