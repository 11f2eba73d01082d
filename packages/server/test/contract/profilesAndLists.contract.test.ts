// biome-ignore-all lint/suspicious/noExplicitAny: contract rows read raw JSON answers, as a spec-only client would
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Translator } from '../../src/translation/translator.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, type SpecUser } from './support/specClient.js';

// docs/protocol.md "Translated bios and languages in user lists": Parley's optional extensions on
// the spec's profile answer and user rows, read by their documented names. Each answer still
// carries every field of the spec, so a spec-only client reads it as before.

const markingEngine: Translator = {
  engine: 'marking',
  capabilities: async () => ({
    pairs: [
      { from: 'en', to: 'es' },
      { from: 'es', to: 'en' },
    ],
  }),
  async translate(text, from, to) {
    return { text: `[${from}>${to}] ${text}`, engine: 'marking' };
  },
  close: async () => undefined,
};

const SPEC_USER_ROW = [
  'id',
  'username',
  'profile_image',
  'first_name',
  'last_name',
  'followers_count',
];

let server: TestServer;
let eva: SpecUser; // Spanish
let ana: SpecUser; // English

beforeAll(async () => {
  server = await startTestServer({ translator: markingEngine });
  eva = await registerSpecUser(server.url, 'Spanish');
  ana = await registerSpecUser(server.url, 'English');
  const bio = await eva.http.call('PATCH', '/accounts/update-profile-info/', {
    profile_info: 'Me encanta el flamenco y la música de mi tierra.',
  });
  expect(bio.status).toBe(200);
  const request = await ana.http.call('POST', '/connections/request/', {
    from_user: ana.id,
    to_user: eva.id,
  });
  expect(request.status).toBe(201);
});
afterAll(() => server?.close());

describe('profile: bio_translation', () => {
  it('carries the bio in the reader language beside the spec fields, profile_info as written', async () => {
    const answer = await ana.http.call<any>('GET', `/accounts/profile/${eva.username}/`);
    expect(answer.status).toBe(200);
    expect(answer.body.profile_info).toBe('Me encanta el flamenco y la música de mi tierra.');
    expect(answer.body.bio_translation).toEqual({
      text: '[es>en] Me encanta el flamenco y la música de mi tierra.',
      language: 'en',
      original_language: 'es',
    });
    for (const key of ['id', 'username', 'profile_info', 'post_count', 'posts']) {
      expect(answer.body).toHaveProperty(key);
    }
  });

  it('is absent for a reader of the bio language', async () => {
    const own = await eva.http.call<any>('GET', `/accounts/profile/${eva.username}/`);
    expect(own.body).not.toHaveProperty('bio_translation');
  });
});

describe('user rows: languages', () => {
  it('user search rows carry the ISO codes of the person languages', async () => {
    const answer = await ana.http.call<any>(
      'GET',
      `/accounts/users/?search=${encodeURIComponent(eva.username)}`,
    );
    expect(answer.status).toBe(200);
    const row = answer.body.results.find((r: any) => r.id === eva.id);
    for (const key of SPEC_USER_ROW) expect(row).toHaveProperty(key);
    expect(row.languages).toEqual(['es']);
  });

  it('pending request rows (pending_list and pending) carry them', async () => {
    const list = await eva.http.call<any>('GET', '/connections/pending_list/');
    expect(list.status).toBe(200);
    const row = list.body.results.find((r: any) => r.id === ana.id);
    for (const key of SPEC_USER_ROW) expect(row).toHaveProperty(key);
    expect(row.languages).toEqual(['en']);
    const paged = await eva.http.call<any>('GET', '/connections/pending/');
    expect(paged.body.results.find((r: any) => r.id === ana.id).languages).toEqual(['en']);
  });

  it('connection list rows carry them', async () => {
    const accept = await eva.http.call('POST', '/connections/accept/', {
      to_user: ana.id,
      status: 'pending',
    });
    expect(accept.status).toBe(200);
    const list = await ana.http.call<any>('GET', '/connections/accepted_list/');
    expect(list.status).toBe(200);
    const row = list.body.results.find((r: any) => r.id === eva.id);
    for (const key of SPEC_USER_ROW) expect(row).toHaveProperty(key);
    expect(row.languages).toEqual(['es']);
  });
});
