import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CorrectionCheckResponse as CheckResponse } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CombinedCorrector,
  HunspellCorrector,
  MAX_CHECK_LENGTH,
  NspellCorrector,
  UnsupportedLanguageError,
} from '../src/corrections/index.js';
import { issueToken } from './support/chatClients.js';
import { hunspellAvailable } from './support/engines.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The real Hunspell program with Debian's dictionaries (scripts/install-engines.sh installs
// them for CI and `pnpm start`): Italian, Portuguese and Dutch through the whole server.

const DICTIONARIES = '/usr/share/hunspell';
const available = hunspellAvailable();

let server: TestServer;
let client: HttpClient;
let token: string;
let hunspell: HunspellCorrector;

async function signedIn(target: TestServer): Promise<string> {
  const username = `speller${process.pid}`;
  const inserted = await target.pglite.query<{ id: number }>(
    `insert into users (username, email, phone, gender, password_hash, language)
     values ($1, $2, '12345', 'OTHER', 'x', 'Italian') returning id`,
    [username, `${username}@example.com`],
  );
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('user insert returned nothing');
  return issueToken(id, username);
}

beforeAll(async () => {
  if (!available) return;
  hunspell = new HunspellCorrector({ languages: ['it', 'nl', 'pt'] });
  server = await startTestServer({
    corrector: new CombinedCorrector([new NspellCorrector({ languages: ['en'] }), hunspell]),
  });
  client = server.client();
  token = await signedIn(server);
});
afterAll(() => server?.close());

const check = (text: string, language: string) =>
  client.post<CheckResponse>('/corrections/check/', { text, language }, { token });

describe.skipIf(!available)('Hunspell corrects the languages nspell cannot load', () => {
  it.each([
    ['Italian', 'it', 'Ci vediamo domani alla stazzione', 'stazzione', 'stazione'],
    ['Portuguese', 'pt', 'Até amanhã na estaçao', 'estaçao', 'estação'],
    ['Dutch', 'nl', 'Tot morgn bij het station', 'morgn', 'morgen'],
  ])('%s: a misspelt word gets the right suggestion first', async (name, code, text, word, fix) => {
    const response = await check(text, name);
    expect(response.status).toBe(200);
    expect(response.body.language).toBe(code);
    expect(response.body.supported).toBe(true);
    expect(response.body.corrections).toHaveLength(1);
    const [correction] = response.body.corrections;
    expect(correction).toMatchObject({ word, offset: text.indexOf(word), length: word.length });
    expect(correction?.replacements[0]).toBe(fix);
  });

  it('leaves correct text alone, and still answers English with nspell', async () => {
    expect((await check('Ci vediamo domani alla stazione', 'it')).body.corrections).toEqual([]);
    const english = await check('See you at teh station', 'English');
    expect(english.body.corrections[0]?.replacements[0]).toBe('the');
  });

  it('answers a language it cannot check, or does not know, as before', async () => {
    const japanese = await check('こんにちは', 'Japanese');
    expect(japanese.status).toBe(200);
    expect(japanese.body).toEqual({ language: 'ja', supported: false, corrections: [] });
    const unknown = await check('hello', 'Klingon');
    expect(unknown.status).toBe(400);
  });

  it('bounds hostile input: control characters, a huge word, text over the limit', async () => {
    // Allowed in text: tab, newlines, DEL, bidi overrides and a line that would be an ispell
    // command ('^', '!', '#') if it reached Hunspell unescaped.
    const odd = 'ciao\tamcio\r\n^stazzione\u007f\u202ebene\n!\n#amcio';
    const answer = await check(odd, 'it');
    expect(answer.body).toMatchObject({ supported: true });
    // ('#amcio' is a tag, skipped like every tag.)
    expect(answer.body.corrections.map((c) => c.word)).toEqual(['amcio', 'stazzione']);
    // Other C0 controls are refused at the edge, as for every text field.
    const refused = await check('ciao\u0007amcio\u001b[31m', 'it');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ text: ['Control characters are not allowed.'] });

    // One made-up word as long as a message may be: flagged, no suggestion search for it.
    const huge = await check('a'.repeat(2) + 'x'.repeat(MAX_CHECK_LENGTH - 2), 'it');
    expect(huge.status).toBe(200);
    expect(huge.body.corrections).toHaveLength(1);
    expect(huge.body.corrections[0]?.replacements).toEqual([]);

    const tooLong = await check('ciao '.repeat(MAX_CHECK_LENGTH / 5 + 1), 'it');
    expect(tooLong.status).toBe(400);

    // The process survived all of it.
    expect((await check('Ci vediamo domani', 'it')).body.supported).toBe(true);
  });

  it('stops an idle language and starts it again on the next check', async () => {
    const quick = new HunspellCorrector({ languages: ['nl'], idleMs: 50 });
    try {
      expect(quick.running()).toEqual([]);
      expect(await quick.check('Tot morgn', 'nl')).toHaveLength(1);
      expect(quick.running()).toEqual(['nl']);
      await vi.waitFor(() => expect(quick.running()).toEqual([]), { timeout: 5000 });
      expect(await quick.check('Tot morgn', 'nl')).toHaveLength(1);
    } finally {
      await quick.close();
    }
  });
});

describe.skipIf(!available)('one process shared fairly', () => {
  it("answers a short check while someone else's huge one is still being worked through", async () => {
    const shared = new HunspellCorrector({ languages: ['it'], checkTimeoutMs: 3000 });
    try {
      // 1,600 distinct made-up words: many slices of the Italian process's time.
      let seed = 7;
      const letter = () => {
        seed = (seed * 48271) % 2147483647;
        return String.fromCharCode(97 + (seed % 26));
      };
      const junk = Array.from({ length: 1600 }, () => Array.from({ length: 5 }, letter).join(''));
      let hugeDone = false;
      const huge = shared
        .check(junk.join(' '), 'it', { person: 'flooder' })
        .then(
          () => 'answered',
          (error: Error) => error.name,
        )
        .finally(() => {
          hugeDone = true;
        });
      const short = await shared.check('Ci vediamo alla stazzione', 'it', { person: 'writer' });
      expect(short.map((c) => c.word)).toEqual(['stazzione']);
      expect(hugeDone).toBe(false);
      // The flooder gets an answer too (or 503 when their time is up), never a crash.
      expect(['answered', 'CorrectorUnavailableError']).toContain(await huge);
    } finally {
      await shared.close();
    }
  }, 30_000);
});

describe.skipIf(!available)('a missing program or dictionary', () => {
  it('offers nothing without the program, and the route says the language does not correct', async () => {
    const absent = new HunspellCorrector({ binary: '/nonexistent/hunspell' });
    expect(absent.languages()).toEqual([]);
    await expect(absent.check('ciao', 'it')).rejects.toBeInstanceOf(UnsupportedLanguageError);
    const bare = await startTestServer({ corrector: absent });
    try {
      const bareToken = await signedIn(bare);
      const response = await bare
        .client()
        .post<CheckResponse>(
          '/corrections/check/',
          { text: 'stazzione', language: 'it' },
          { token: bareToken },
        );
      expect(response.body).toEqual({ language: 'it', supported: false, corrections: [] });
    } finally {
      await bare.close();
    }
  });

  it('offers only the languages whose dictionaries are installed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-hunspell-'));
    try {
      for (const ext of ['aff', 'dic']) {
        await copyFile(join(DICTIONARIES, `it_IT.${ext}`), join(dir, `it_IT.${ext}`));
      }
      const some = new HunspellCorrector({ dictionaryDirs: [dir] });
      expect(some.languages()).toEqual(['it']);
      await some.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers unavailable (503) when a dictionary vanishes, without crashing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-hunspell-'));
    for (const ext of ['aff', 'dic']) {
      await copyFile(join(DICTIONARIES, `pt_PT.${ext}`), join(dir, `pt_PT.${ext}`));
    }
    const fragile = new HunspellCorrector({ dictionaryDirs: [dir], retryAfterMs: 0 });
    const target = await startTestServer({ corrector: fragile });
    try {
      expect(fragile.languages()).toEqual(['pt']);
      await rm(dir, { recursive: true, force: true });
      const targetToken = await signedIn(target);
      const response = await target
        .client()
        .post<CheckResponse>(
          '/corrections/check/',
          { text: 'estaçao', language: 'pt' },
          { token: targetToken },
        );
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('10');
      expect(response.body).toEqual({
        detail: 'Corrections are unavailable right now. Try again later.',
      });
      const again = await target.client().get('/corrections/languages/', { token: targetToken });
      expect(again.status).toBe(200);
    } finally {
      await target.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
