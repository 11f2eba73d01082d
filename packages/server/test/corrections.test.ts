import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CorrectionCheckResponse as CheckResponse } from '@parley/chat-sdk';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/appContext.js';
import { createAccessTokens } from '../src/auth/accessTokens.js';
import {
  type Correction,
  type Corrector,
  CorrectorUnavailableError,
  correctionsPlugin,
  NspellCorrector,
} from '../src/corrections/index.js';
import { openDatabase } from '../src/db/database.js';
import { installErrorHandling } from '../src/http/errors.js';
import { installJsonBodyParser, JSON_BODY_LIMIT } from '../src/http/jsonBody.js';
import { repositoriesPlugin } from '../src/plugins/app/index.js';
import { issueToken } from './support/chatClients.js';
import { HttpClient } from './support/httpClient.js';
import { loadTemplateDatabase, TEST_JWT_SECRET } from './support/testServer.js';

interface CorrectionsServer {
  client: HttpClient;
  close(): Promise<void>;
}

/**
 * buildServer does not register the corrections plugin yet (server.ts is wired separately), so
 * this is the same stack in miniature: error bodies, JSON parsing, the bearer guard over a copy
 * of the template database, and the plugin, on a real port.
 */
async function startCorrectionsServer(
  corrector: Corrector,
): Promise<CorrectionsServer & { token: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-corrections-'));
  const pglite = await loadTemplateDatabase();
  const database = await openDatabase({ pglite });
  const ctx: AppContext = {
    db: database.db,
    accessTokens: createAccessTokens(new TextEncoder().encode(TEST_JWT_SECRET), 900),
    refreshSuccessorKey: new Uint8Array(32),
    media: undefined as unknown as AppContext['media'],
    dummyPasswordHash: '',
    // Not used by the corrections routes.
    limits: undefined as unknown as AppContext['limits'],
    storageQuota: undefined as unknown as AppContext['storageQuota'],
  };
  const app: FastifyInstance = Fastify({
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.addHook('onClose', () => database.close());
  app.decorateRequest('account', null);
  installErrorHandling(app);
  installJsonBodyParser(app);
  await app.register(repositoriesPlugin, { db: database.db });
  await app.register(correctionsPlugin, { ctx, corrector });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  const username = `corrector${process.pid}`;
  const inserted = await pglite.query<{ id: number }>(
    `insert into users (username, email, phone, gender, password_hash, language)
     values ($1, $2, '12345', 'OTHER', 'x', 'English') returning id`,
    [username, `${username}@example.com`],
  );
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('user insert returned nothing');
  return {
    client: new HttpClient(`http://127.0.0.1:${address.port}`),
    token: await issueToken(id, username),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let server: CorrectionsServer;
let token: string;

beforeAll(async () => {
  const corrector = new NspellCorrector({ languages: ['en', 'es'] });
  // Dictionaries take seconds to build on a busy machine; that is not what these tests time.
  await Promise.all([corrector.check('warm', 'en'), corrector.check('hola', 'es')]);
  ({ token, ...server } = await startCorrectionsServer(corrector));
}, 90_000);
afterAll(() => server?.close());

/** POST /corrections/check/ as the signed-in user, or with `auth` (null: no token at all). */
function check(body: unknown, auth: string | null = token) {
  return server.client.post<CheckResponse>('/corrections/check/', body, {
    token: auth ?? undefined,
  });
}

const flagged = (corrections: Correction[]) =>
  corrections.map(({ word, offset, replacements }) => ({ word, offset, first: replacements[0] }));

describe('POST /corrections/check/ suggests spellings in the writer language', () => {
  it('finds English misspellings with UTF-16 offsets and the likely word first', async () => {
    const response = await check({ text: 'I recieve teh message', language: 'English' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ language: 'en', supported: true });
    expect(flagged(response.body.corrections)).toEqual([
      { word: 'recieve', offset: 2, first: 'receive' },
      { word: 'teh', offset: 10, first: 'the' },
    ]);
    const [first] = response.body.corrections;
    expect(first).toEqual({
      offset: 2,
      length: 7,
      word: 'recieve',
      message: 'Possible spelling mistake found.',
      replacements: expect.arrayContaining(['receive']),
    });
    expect(first?.replacements.length).toBeLessThanOrEqual(5);
  });

  it('finds Spanish misspellings, the language named in any case', async () => {
    const text = 'Hola, como estas? Tengo un problmea';
    const response = await check({ text, language: 'spanish' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.language).toBe('es');
    expect(flagged(response.body.corrections)).toEqual([
      { word: 'problmea', offset: text.indexOf('problmea'), first: 'problema' },
    ]);
  });

  it('takes an ISO code as well as a picker name', async () => {
    const response = await check({ text: 'teh', language: 'EN' });
    expect(response.status).toBe(200);
    expect(response.body.language).toBe('en');
    expect(response.body.corrections).toHaveLength(1);
  });

  it('answers no corrections for correct text, and for empty text', async () => {
    const correct = await check({ text: "I don't think it's wrong.", language: 'English' });
    expect(correct.body).toEqual({ language: 'en', supported: true, corrections: [] });
    const empty = await check({ text: '', language: 'English' });
    expect(empty.body).toEqual({ language: 'en', supported: true, corrections: [] });
  });

  it('leaves links, e-mail addresses, @mentions, numbers and acronyms alone', async () => {
    const text =
      'See https://exampel.com/teh-page and www.wrnog.org, mail jonh@exampel.com, ' +
      'ask @jonhdoe about #recieve at 3pm on 22nd, NASA and ASAP';
    const response = await check({ text, language: 'English' });
    expect(response.status).toBe(200);
    expect(response.body.corrections).toEqual([]);
  });

  it('answers supported: false, with no corrections, for a language without an engine', async () => {
    const response = await check({ text: 'こんにちは', language: 'Japanese' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ language: 'ja', supported: false, corrections: [] });
  });

  it('accepts exactly 10,000 characters', async () => {
    const response = await check({ text: 'word '.repeat(2000), language: 'English' });
    expect(response.status).toBe(200);
    expect(response.body.corrections).toEqual([]);
  });
});

describe('POST /corrections/check/ refuses', () => {
  it('a caller without a valid bearer token (401)', async () => {
    const missing = await check({ text: 'teh', language: 'English' }, null);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const invalid = await check({ text: 'teh', language: 'English' }, 'not-a-token');
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ detail: 'Given token not valid for any token type' });
  });

  it.each([
    [{}, { text: ['This field is required.'], language: ['This field is required.'] }],
    [{ text: 5, language: 'English' }, { text: ['Not a valid string.'] }],
    [{ text: null, language: 'English' }, { text: ['This field may not be null.'] }],
    [{ text: 'teh', language: 'Klingon' }, { language: ['Unknown language.'] }],
    [{ text: 'teh', language: '  ' }, { language: ['This field is required.'] }],
    [{ text: 'teh', language: ['en'] }, { language: ['Not a valid string.'] }],
  ])('a bad body %j with field errors (400)', async (body, errors) => {
    const response = await check(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it('text over 10,000 characters with a field error (400)', async () => {
    const response = await check({ text: 'a'.repeat(10_001), language: 'English' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      text: ['Ensure this field has no more than 10000 characters.'],
    });
  });

  it('a body that is not a JSON object (400)', async () => {
    const array = await check(['teh', 'English']);
    expect(array.status).toBe(400);
    expect(array.body).toEqual({ detail: 'Expected a JSON object.' });
    const malformed = await check('{"text": "teh"');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: 'Malformed JSON in request body.' });
  });
});

describe('GET /corrections/languages/', () => {
  it('lists the checked languages with their picker names', async () => {
    const response = await server.client.get('/corrections/languages/', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      engine: 'nspell',
      languages: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Spanish' },
      ],
    });
  });

  it('needs a signed-in user', async () => {
    const response = await server.client.get('/corrections/languages/');
    expect(response.status).toBe(401);
  });
});

describe('an engine that cannot answer', () => {
  it('is a 503 with a detail, never an empty list that looks like correct text', async () => {
    const broken: Corrector = {
      engine: 'broken',
      languages: () => ['en'],
      check: () => Promise.reject(new CorrectorUnavailableError('engine down')),
      close: async () => undefined,
    };
    const { client, token: brokenToken, close } = await startCorrectionsServer(broken);
    try {
      const response = await client.post(
        '/corrections/check/',
        { text: 'teh', language: 'English' },
        { token: brokenToken },
      );
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('10');
      expect(response.body).toEqual({
        detail: 'Corrections are unavailable right now. Try again later.',
      });
    } finally {
      await close();
    }
  });
});
