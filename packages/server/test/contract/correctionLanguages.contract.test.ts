import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hunspellAvailable } from '../support/engines.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, SpecHttp, type SpecUser } from './support/specClient.js';

// docs/protocol.md "## Corrections in more languages": GET /meta/capabilities keeps the spec's
// fields and adds `corrections` ({ engine, languages }), the languages whose drafts
// POST /corrections/check/ corrects; a spec-only client ignores it. The server's own corrector
// (correctorFromEnv: nspell for en/es/fr/de, the Hunspell program for the others).

const SPEC_FIELDS = ['translation', 'detection', 'transcription', 'synthesis'];

describe.skipIf(!hunspellAvailable())('correction languages (ext)', () => {
  let server: TestServer;
  let ana: SpecUser;

  beforeAll(async () => {
    server = await startTestServer();
    ana = await registerSpecUser(server.url, 'Italian');
  });
  afterAll(() => server.close());

  it('GET /meta/capabilities: spec fields, plus the languages that correct', async () => {
    const { status, body } = await new SpecHttp(server.url).call<{
      corrections: { engine: string; languages: string[] };
    }>('GET', '/meta/capabilities');
    expect(status).toBe(200);
    for (const field of SPEC_FIELDS) expect(body).toHaveProperty(field);
    expect(body.corrections.engine).toBe('nspell+hunspell');
    expect(body.corrections.languages).toEqual(
      expect.arrayContaining([
        'ca',
        'de',
        'en',
        'es',
        'fr',
        'it',
        'nl',
        'pl',
        'pt',
        'ru',
        'sv',
        'tr',
      ]),
    );
    expect(body.corrections.languages).not.toContain('ja');
    // The same list as GET /corrections/languages/ (signed in).
    const listed = await ana.http.call<{ languages: { code: string }[] }>(
      'GET',
      '/corrections/languages/',
    );
    expect(listed.body.languages.map((language) => language.code)).toEqual(
      body.corrections.languages,
    );
  });

  it('a listed language corrects; one not listed answers supported: false', async () => {
    const polish = await ana.http.call<{ supported: boolean; corrections: unknown[] }>(
      'POST',
      '/corrections/check/',
      { text: 'Do zobaczenia jutro na dworcu, mój przyjacielu', language: 'pl' },
    );
    expect(polish.status).toBe(200);
    expect(polish.body).toMatchObject({ language: 'pl', supported: true, corrections: [] });
    const japanese = await ana.http.call('POST', '/corrections/check/', {
      text: 'またね',
      language: 'Japanese',
    });
    expect(japanese.body).toEqual({ language: 'ja', supported: false, corrections: [] });
  });
});
