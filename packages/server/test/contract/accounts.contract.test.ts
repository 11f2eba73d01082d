import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, registration, SpecHttp, type SpecUser } from './support/specClient.js';

// Spec §7 "Account": every call the server implements, exactly as the spec lists its payload,
// checked for the answer fields the spec says the client reads.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Spec §3 current user: every field it lists. */
const CURRENT_USER_FIELDS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'profile_image',
  'language',
  'profile_info',
  'chat_theme',
  'mute_sounds',
  'voice_output_enabled',
  'subscription_active',
  'is_org_admin',
  'org_invite_token',
  'is_lifetime',
  'org_members',
  'org_max_users',
  'followers_count',
];

let server: TestServer;
let ana: SpecUser;

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url);
});
afterAll(() => server.close());

describe('spec §7 account calls', () => {
  it('GET /accounts/csrf/ answers csrfToken', async () => {
    const response = await new SpecHttp(server.url).fetchCsrf();
    expect(response.status).toBe(200);
    expect(response.body.csrfToken).toEqual(expect.any(String));
  });

  it('POST /accounts/register/ {username, email, phone, password, language, gender} answers user_name, access_token, user_id', async () => {
    const http = new SpecHttp(server.url);
    await http.fetchCsrf();
    const payload = registration('English');
    const response = await http.call('POST', '/accounts/register/', payload);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      user_name: payload.username,
      access_token: expect.any(String),
      user_id: expect.any(Number),
    });
  });

  it('POST /accounts/login/ {username, password} answers access_token', async () => {
    const http = new SpecHttp(server.url);
    await http.fetchCsrf();
    const payload = registration();
    await http.call('POST', '/accounts/register/', payload);
    const response = await http.call('POST', '/accounts/login/', {
      username: payload.username,
      password: payload.password,
    });
    expect(response.status).toBe(200);
    expect(response.body.access_token).toEqual(expect.any(String));
  });

  it('GET /accounts/me/ answers the current user with every spec field', async () => {
    const response = await ana.http.call('GET', '/accounts/me/');
    expect(response.status).toBe(200);
    for (const field of CURRENT_USER_FIELDS) expect(response.body).toHaveProperty(field);
    expect(response.body).toMatchObject({ id: ana.id, username: ana.username });
  });

  it('POST /accounts/token/refresh/ with an empty body and cookies answers access', async () => {
    const { http } = await registerSpecUser(server.url);
    const response = await http.call('POST', '/accounts/token/refresh/', {});
    expect(response.status).toBe(200);
    expect(response.body.access).toEqual(expect.any(String));
  });

  it('POST /accounts/logout/ succeeds and the refresh cookie no longer works', async () => {
    const { http } = await registerSpecUser(server.url);
    const response = await http.call('POST', '/accounts/logout/');
    expect(response.status).toBeLessThan(300);
    expect((await http.call('POST', '/accounts/token/refresh/', {})).status).toBe(401);
  });

  it('PATCH /accounts/update-language/ {language}', async () => {
    const response = await ana.http.call('PATCH', '/accounts/update-language/', {
      language: 'French',
    });
    expect(response.status).toBe(200);
    expect((await ana.http.call('GET', '/accounts/me/')).body.language).toBe('French');
    await ana.http.call('PATCH', '/accounts/update-language/', { language: 'Spanish' });
  });

  it('PATCH /accounts/update-profile-image/ multipart profile_image answers the user', async () => {
    const form = new FormData();
    form.append('profile_image', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const response = await ana.http.call('PATCH', '/accounts/update-profile-image/', form);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: ana.id, profile_image: expect.any(String) });
  });

  it('PATCH /accounts/update-mute-sounds/ {mute_sounds}', async () => {
    const response = await ana.http.call('PATCH', '/accounts/update-mute-sounds/', {
      mute_sounds: true,
    });
    expect(response.status).toBe(200);
    expect((await ana.http.call('GET', '/accounts/me/')).body.mute_sounds).toBe(true);
  });

  it('PATCH /accounts/update-voice-output/ {voice_output_enabled}', async () => {
    const response = await ana.http.call('PATCH', '/accounts/update-voice-output/', {
      voice_output_enabled: false,
    });
    expect(response.status).toBe(200);
    expect((await ana.http.call('GET', '/accounts/me/')).body.voice_output_enabled).toBe(false);
  });

  it('POST /accounts/update-chat-theme/ {chat_theme}', async () => {
    const response = await ana.http.call('POST', '/accounts/update-chat-theme/', {
      chat_theme: 'blue',
    });
    expect(response.status).toBe(200);
    expect((await ana.http.call('GET', '/accounts/me/')).body.chat_theme).toBe('blue');
  });

  it('PATCH /accounts/update-profile-info/ {profile_info}', async () => {
    const response = await ana.http.call('PATCH', '/accounts/update-profile-info/', {
      profile_info: 'Hola, soy Ana.',
    });
    expect(response.status).toBe(200);
    expect((await ana.http.call('GET', '/accounts/me/')).body.profile_info).toBe('Hola, soy Ana.');
  });

  it('GET /accounts/users/ (paged) answers results of the spec fields, next and count; a page past the end is empty', async () => {
    await registerSpecUser(server.url);
    const response = await ana.http.call<{ results: Record<string, unknown>[]; next: unknown }>(
      'GET',
      '/accounts/users/',
    );
    expect(response.status).toBe(200);
    expect(response.body).toHaveProperty('next');
    expect(response.body).toHaveProperty('count');
    expect(response.body.results.length).toBeGreaterThan(0);
    for (const user of response.body.results) {
      for (const field of [
        'id',
        'username',
        'profile_image',
        'first_name',
        'last_name',
        'followers_count',
      ]) {
        expect(user).toHaveProperty(field);
      }
    }
    const past = await ana.http.call('GET', '/accounts/users/?page=99');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ results: [], next: null });
  });
});

describe('account controls (Parley extension, docs/protocol.md)', () => {
  // registration() gives every spec user this password.
  const PASSWORD = 'correct horse battery';

  it('POST /accounts/change-password/ {current_password, new_password} → 204; a wrong current password → 400 {current_password: [...]}', async () => {
    const bo = await registerSpecUser(server.url);
    const wrong = await bo.http.call('POST', '/accounts/change-password/', {
      current_password: 'not it',
      new_password: 'another secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.current_password).toEqual([expect.any(String)]);
    const changed = await bo.http.call('POST', '/accounts/change-password/', {
      current_password: PASSWORD,
      new_password: 'another secret',
    });
    expect(changed.status).toBe(204);
    // This session keeps working.
    expect((await bo.http.call('POST', '/accounts/token/refresh/', {})).status).toBe(200);
  });

  it('GET /accounts/export/ → 200 attachment JSON {format, profile, settings, messages, posts, connections, ...}', async () => {
    const response = await ana.http.call('GET', '/accounts/export/');
    expect(response.status).toBe(200);
    for (const field of [
      'format',
      'version',
      'exported_at',
      'profile',
      'settings',
      'messages',
      'posts',
      'connections',
      'blocked',
      'groups',
      'organization',
      'subscription',
    ]) {
      expect(response.body).toHaveProperty(field);
    }
    expect(response.body.profile).toMatchObject({ id: ana.id, username: ana.username });
  });

  it('POST /accounts/delete-account/ {password} → 204; a wrong password → 400 {password: [...]}; then the account is gone', async () => {
    const cy = await registerSpecUser(server.url);
    const wrong = await cy.http.call('POST', '/accounts/delete-account/', { password: 'not it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.password).toEqual([expect.any(String)]);
    const deleted = await cy.http.call('POST', '/accounts/delete-account/', { password: PASSWORD });
    expect(deleted.status).toBe(204);
    expect((await cy.http.call('GET', '/accounts/me/')).status).toBe(401);
    expect((await cy.http.call('POST', '/accounts/token/refresh/', {})).status).toBe(401);
  });
});
