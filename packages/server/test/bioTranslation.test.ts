import { type Profile, profilePath } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedTranslator } from '../src/translation/translationCache.js';
import type { Translator } from '../src/translation/translator.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Bios in the reader's language (issue 25, docs/protocol.md "Translated bios and languages in
// user lists"), on a real server with PGlite. The engine marks its output and counts its calls,
// behind the same cache the server puts in front of a real engine.
let engineCalls = 0;
let engineDown = false;
const markingEngine: Translator = {
  engine: 'marking',
  capabilities: async () => ({
    pairs: [
      { from: 'en', to: 'es' },
      { from: 'es', to: 'en' },
    ],
  }),
  async translate(text, from, to) {
    engineCalls += 1;
    if (engineDown) throw new Error('engine down (test)');
    return { text: `[${from}>${to}] ${text}`, engine: 'marking' };
  },
  close: async () => undefined,
};

const SPANISH_BIO = 'Soy profesora de música en Madrid y me encanta viajar por el mundo.';

describe('translated bios', () => {
  let server: TestServer;
  let http: HttpClient;
  let eva: ChatUser; // writes her bio in Spanish
  let ana: ChatUser; // reads English
  let sol: ChatUser; // reads Spanish

  const profileOf = async (reader: ChatUser, user: ChatUser) => {
    const answer = await http.get<Profile>(profilePath(user.username), { token: reader.token });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    server = await startTestServer({ translator: new CachedTranslator(markingEngine) });
    http = server.client();
    eva = await createChatUser(server, { language: 'Spanish' });
    ana = await createChatUser(server, { language: 'English' });
    sol = await createChatUser(server, { language: 'Spanish' });
    await server.pglite.query('update users set profile_info = $1 where id = $2', [
      SPANISH_BIO,
      eva.id,
    ]);
  });
  afterAll(() => server?.close());

  it('gives a reader of another language the bio in theirs, and keeps the original', async () => {
    const profile = await profileOf(ana, eva);
    expect(profile.profile_info).toBe(SPANISH_BIO);
    expect(profile.bio_translation).toEqual({
      text: `[es>en] ${SPANISH_BIO}`,
      language: 'en',
      original_language: 'es',
    });
  });

  it('asks the engine once: a second read comes from the cache', async () => {
    const before = engineCalls;
    await profileOf(ana, eva);
    await profileOf(ana, eva);
    expect(engineCalls).toBe(before);
  });

  it('adds nothing for a reader of the same language, an empty bio or a failed engine', async () => {
    expect((await profileOf(sol, eva)).bio_translation).toBeUndefined();
    expect((await profileOf(ana, sol)).bio_translation).toBeUndefined();
    engineDown = true;
    try {
      const other = await createChatUser(server, { language: 'Spanish' });
      await server.pglite.query('update users set profile_info = $1 where id = $2', [
        'Vivo en Sevilla con mis dos gatos y trabajo en un hospital.',
        other.id,
      ]);
      const profile = await profileOf(ana, other);
      expect(profile.profile_info).toBe(
        'Vivo en Sevilla con mis dos gatos y trabajo en un hospital.',
      );
      expect(profile.bio_translation).toBeUndefined();
    } finally {
      engineDown = false;
    }
  });
});
