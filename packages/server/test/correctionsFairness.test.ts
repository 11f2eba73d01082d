import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { CorrectionCheckResponse } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CheckOptions, type Corrector, NspellCorrector } from '../src/corrections/index.js';
import { SpellWorker } from '../src/corrections/spellWorker.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let http: HttpClient;
const started: string[] = [];

beforeAll(async () => {
  const nspell = new NspellCorrector({ languages: ['en'] });
  // Dictionaries take seconds to build on a busy machine; that is not what this test times.
  await nspell.check('warm', 'en');
  // The real engine, noting whose checks reach it (so the test can wait for the abuser's).
  const corrector: Corrector = {
    engine: nspell.engine,
    languages: () => nspell.languages(),
    check(text: string, language: string, options?: CheckOptions) {
      started.push(options?.person ?? '');
      return nspell.check(text, language, options);
    },
    close: () => nspell.close(),
  };
  server = await startTestServer({ corrector });
  http = server.client();
}, 90_000);
afterAll(() => server?.close());

/** 10,000 characters of words no dictionary knows, one of them thousands of letters long. */
function unknownWords(seed: number): string {
  let state = seed;
  const letter = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return 'bcdfghjklmnpqrstvwxz'[state % 20];
  };
  const word = (length: number) => Array.from({ length }, letter).join('');
  const words = [word(4000)];
  while (words.join(' ').length < 9_900) words.push(word(6 + (words.length % 9)));
  return words.join(' ').slice(0, 10_000);
}

function check(user: ChatUser, text: string) {
  return http.post<CorrectionCheckResponse & { detail?: string }>(
    '/corrections/check/',
    { text, language: 'English' },
    { token: user.token },
  );
}

describe('corrections are shared fairly between people (issue 22)', () => {
  it("answers another person's short check while someone sends huge unknown-word checks", async () => {
    const abuser = await createChatUser(server, { username: 'corr_abuser', language: 'English' });
    const writer = await createChatUser(server, { username: 'corr_writer', language: 'English' });
    let writing = true;
    const abuse = (async () => {
      const answers: number[] = [];
      let seed = 1;
      // Two at a time, again and again, until the writer has had their answers.
      while (writing) {
        const pair = await Promise.all([
          check(abuser, unknownWords(seed++)),
          check(abuser, unknownWords(seed++)),
        ]);
        for (const answer of pair) {
          answers.push(answer.status);
          if (answer.status !== 200) expect(answer.body.detail).toBeTruthy();
        }
      }
      return answers;
    })();
    try {
      await vi.waitFor(() => expect(started.length).toBeGreaterThan(0), { timeout: 10_000 });

      for (const draft of ['I will recieve it tomorow', 'See you at the libary']) {
        const answer = await check(writer, draft);
        expect(answer.status).toBe(200);
        expect(answer.body.supported).toBe(true);
        expect(answer.body.corrections.length).toBeGreaterThan(0);
        expect(answer.body.corrections.every((c) => c.replacements.length > 0)).toBe(true);
      }
    } finally {
      writing = false;
    }
    const answers = await abuse;
    // The abuser is answered too (their own checks only slow themselves), nothing crashed.
    expect(answers.every((status) => status === 200 || status === 503)).toBe(true);
    const after = await check(writer, 'Thank you verry much');
    expect(after.status).toBe(200);
    expect(after.body.corrections.map((c) => c.word)).toEqual(['verry']);
  }, 120_000);
});

describe('a spell check whose time is up', () => {
  it('is dropped between slices: rejected, and the same worker goes on answering', async () => {
    const require = createRequire(import.meta.url);
    const worker = SpellWorker.spawn({
      nspellPath: require.resolve('nspell'),
      dictionaryUrl: pathToFileURL(require.resolve('dictionary-en')).href,
      loadTimeoutMs: 60_000,
      maxHeapMb: 512,
    });
    try {
      await worker.ready;
      const words = unknownWords(7).split(' ');
      await expect(
        worker.check({ words, suggestLimit: 50, timeoutMs: 50, person: 'a' }),
      ).rejects.toThrow(/longer than 50 ms/);
      const cancelled = new AbortController();
      const aborted = worker.check({
        words,
        suggestLimit: 50,
        timeoutMs: 60_000,
        person: 'a',
        signal: cancelled.signal,
      });
      cancelled.abort();
      await expect(aborted).rejects.toThrow(/cancelled/);
      const verdicts = await worker.check({
        words: ['helo', 'world'],
        suggestLimit: 50,
        timeoutMs: 10_000,
        person: 'b',
      });
      expect([...verdicts.keys()]).toEqual(['helo']);
      expect(verdicts.get('helo')).toContain('hello');
      expect(worker.alive).toBe(true);
    } finally {
      await worker.close();
    }
  }, 60_000);
});
