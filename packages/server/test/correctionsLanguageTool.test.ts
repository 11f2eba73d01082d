import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CorrectorUnavailableError,
  correctorFromEnv,
  LanguageToolCorrector,
  NspellCorrector,
  UnsupportedLanguageError,
} from '../src/corrections/index.js';
import { hunspellAvailable } from './support/engines.js';
import { standInEgress } from './support/standInEgress.js';

interface Received {
  method: string;
  url: string;
  contentType: string;
  form: URLSearchParams;
}

type Answer = (request: Received, response: ServerResponse) => void;

/** A stand-in for a LanguageTool server on 127.0.0.1 that records what it was sent. */
let languageTool: Server;
let baseUrl: string;
let answer: Answer;
const received: Received[] = [];

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  languageTool = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        form: new URLSearchParams(body),
      };
      received.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => languageTool.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(languageTool.address() as AddressInfo).port}/`;
});
afterEach(() => {
  received.length = 0;
});
afterAll(async () => {
  languageTool.closeAllConnections();
  await new Promise((resolve) => languageTool.close(resolve));
});

const text = 'I recieve teh message 😀 its fine';

describe('LanguageToolCorrector', () => {
  it('posts the text form-encoded to /v2/check and maps matches to corrections', async () => {
    answer = (_request, response) =>
      json(response, 200, {
        software: { name: 'LanguageTool' },
        matches: [
          {
            message: 'Possible spelling mistake found.',
            shortMessage: 'Spelling mistake',
            offset: 2,
            length: 7,
            replacements: ['receive', 'relieve', 'deceive', 'receiver', 'recede', 'reiceve'].map(
              (value) => ({ value }),
            ),
            rule: { id: 'MORFOLOGIK_RULE_EN_US', issueType: 'misspelling' },
          },
          {
            message: '',
            shortMessage: 'Did you mean “it’s”?',
            // LanguageTool counts UTF-16 code units too: the emoji is two.
            offset: 25,
            length: 3,
            replacements: [{ value: "it's" }, { nothing: true }],
          },
          // Outside the text, or malformed: dropped rather than trusted.
          { message: 'beyond the end', offset: 30, length: 10, replacements: [] },
          { message: 'no offset', length: 2 },
        ],
      });
    const corrector = new LanguageToolCorrector({ baseUrl, egress: standInEgress });
    const corrections = await corrector.check(text, 'en');

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v2/check',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(received[0]?.form ?? [])).toEqual({ text, language: 'en-US' });
    expect(corrections).toEqual([
      {
        offset: 2,
        length: 7,
        word: 'recieve',
        message: 'Possible spelling mistake found.',
        replacements: ['receive', 'relieve', 'deceive', 'receiver', 'recede'],
      },
      {
        offset: 25,
        length: 3,
        word: 'its',
        message: 'Did you mean “it’s”?',
        replacements: ["it's"],
      },
    ]);
  });

  it('sends the language variant LanguageTool spell-checks, and refuses what it lacks', async () => {
    answer = (_request, response) => json(response, 200, { matches: [] });
    const corrector = new LanguageToolCorrector({ baseUrl, egress: standInEgress });
    expect(corrector.languages()).toEqual(expect.arrayContaining(['en', 'es', 'pt', 'de', 'ca']));
    await corrector.check('Olá', 'pt');
    await corrector.check('Hola', 'es');
    expect(received.map((request) => request.form.get('language'))).toEqual(['pt-PT', 'es']);
    await expect(corrector.check('안녕', 'ko')).rejects.toBeInstanceOf(UnsupportedLanguageError);
  });

  describe('when LanguageTool fails', () => {
    const offline = new NspellCorrector({ languages: ['en'] });
    beforeAll(() => offline.check('warm', 'en'), 90_000);
    afterAll(() => offline.close());

    it.each([
      ['answers 500', (_: Received, response: ServerResponse) => json(response, 500, {})],
      [
        'answers without matches',
        (_: Received, response: ServerResponse) => json(response, 200, {}),
      ],
      [
        'answers something that is not JSON',
        (_: Received, response: ServerResponse) => response.end('<html>busy</html>'),
      ],
    ])('%s: the offline corrector answers instead', async (_case, failure) => {
      answer = failure;
      const fallbacks: string[] = [];
      const corrector = new LanguageToolCorrector({
        baseUrl,
        egress: standInEgress,
        fallback: offline,
        onFallback: (_error, language) => fallbacks.push(language),
      });
      const corrections = await corrector.check('I recieve teh message', 'en');
      expect(received).toHaveLength(1);
      expect(corrections.map((c) => [c.word, c.replacements[0]])).toEqual([
        ['recieve', 'receive'],
        ['teh', 'the'],
      ]);
      expect(fallbacks).toEqual(['en']);
    });

    it('times out and falls back when it does not answer', async () => {
      answer = () => undefined;
      const corrector = new LanguageToolCorrector({
        baseUrl,
        egress: standInEgress,
        timeoutMs: 200,
        fallback: offline,
      });
      const corrections = await corrector.check('teh', 'en');
      expect(corrections.map((c) => c.word)).toEqual(['teh']);
    });

    it('falls back when it cannot be reached at all', async () => {
      const corrector = new LanguageToolCorrector({
        baseUrl: 'http://127.0.0.1:1',
        egress: standInEgress,
        fallback: offline,
      });
      expect(await corrector.check('teh', 'en')).toHaveLength(1);
    });

    it('is unavailable for a language the offline corrector lacks', async () => {
      answer = (_request, response) => json(response, 503, {});
      const corrector = new LanguageToolCorrector({
        baseUrl,
        egress: standInEgress,
        fallback: offline,
      });
      await expect(corrector.check('Olá', 'pt')).rejects.toBeInstanceOf(CorrectorUnavailableError);
    });
  });
});

describe('correctorFromEnv', () => {
  it('is nspell and Hunspell by default, LanguageTool over them on request, or none', async () => {
    const chosen = [
      correctorFromEnv({}),
      correctorFromEnv({
        CORRECTOR: 'languagetool',
        LANGUAGETOOL_URL: baseUrl,
        ENGINE_PRIVATE_HOSTS: '127.0.0.1',
      }),
      correctorFromEnv({ CORRECTOR: ' None ' }),
      correctorFromEnv({ HUNSPELL_BIN: '/nonexistent/hunspell' }),
    ];
    // CI installs Hunspell (scripts/install-engines.sh); without it nspell answers alone.
    const withHunspell = hunspellAvailable();
    expect(chosen.map((corrector) => corrector.engine)).toEqual([
      withHunspell ? 'nspell+hunspell' : 'nspell',
      'languagetool',
      'none',
      'nspell',
    ]);
    if (withHunspell) {
      expect(chosen[0]?.languages()).toEqual(
        expect.arrayContaining(['de', 'en', 'it', 'nl', 'pt']),
      );
    }
    expect(chosen[2]?.languages()).toEqual([]);
    expect(chosen[3]?.languages()).toEqual(['de', 'en', 'es', 'fr']);
    await Promise.all(chosen.map((corrector) => corrector.close()));
  });

  it('refuses a configuration it cannot honour', () => {
    expect(() => correctorFromEnv({ CORRECTOR: 'hunspell' })).toThrow(/Invalid CORRECTOR/);
    expect(() => correctorFromEnv({ HUNSPELL_IDLE_MS: 'soon' })).toThrow(/HUNSPELL_IDLE_MS/);
    expect(() => correctorFromEnv({ CORRECTOR: 'languagetool' })).toThrow(/LANGUAGETOOL_URL/);
    expect(() =>
      correctorFromEnv({
        CORRECTOR: 'languagetool',
        LANGUAGETOOL_URL: baseUrl,
        LANGUAGETOOL_TIMEOUT_MS: 'soon',
      }),
    ).toThrow(/LANGUAGETOOL_TIMEOUT_MS/);
  });
});
