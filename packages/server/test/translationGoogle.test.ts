import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GoogleTranslator } from '../src/translation/googleTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { TranslationRouter } from '../src/translation/translationRouter.js';
import type { TranslationError } from '../src/translation/translator.js';
import { GoogleTranslateStandIn } from './support/googleTranslateStandIn.js';
import { LibreTranslateStandIn } from './support/libreTranslateStandIn.js';
import { standInEgress } from './support/standInEgress.js';

let google: GoogleTranslateStandIn;
let libre: LibreTranslateStandIn;

beforeAll(async () => {
  [google, libre] = await Promise.all([
    GoogleTranslateStandIn.start(),
    LibreTranslateStandIn.start(),
  ]);
});

afterAll(async () => {
  await Promise.all([google.close(), libre.close()]);
});

beforeEach(() => {
  google.dailyLimitExceeded = false;
  google.languagesDown = false;
  google.translations.length = 0;
});

function googleTranslator(apiKey = GoogleTranslateStandIn.KEY): GoogleTranslator {
  return new GoogleTranslator({
    egress: standInEgress,
    apiKey,
    endpoint: google.url,
    requestTimeoutMs: 500,
  }).start();
}

async function failureOf(promise: Promise<unknown>): Promise<TranslationError> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: TranslationError) => error,
  );
}

describe('Google adapter (@google-cloud/translate v2 against a stand-in on 127.0.0.1)', () => {
  it('lists every language of the languages call into every other', async () => {
    const pairs = (await googleTranslator().capabilities()).pairs;
    expect(pairs).toContainEqual({ from: 'en', to: 'hi' });
    expect(pairs).toContainEqual({ from: 'zh', to: 'es' });
    expect(pairs).toHaveLength(12);
  });

  it("translates with Google's own codes and plain text format", async () => {
    expect(await googleTranslator().translate('Hello', 'en', 'zh')).toEqual({
      text: '[google zh-CN] Hello',
      engine: 'google',
    });
    expect(google.translations).toEqual([
      { text: 'Hello', source: 'en', target: 'zh-CN', format: 'text' },
    ]);
  });

  it('falls back to its own language list when the languages call fails', async () => {
    google.languagesDown = true;
    expect((await googleTranslator().capabilities()).pairs).toContainEqual({
      from: 'en',
      to: 'ja',
    });
  });

  it('maps the daily limit (403) and a bad key (400) to engine_error', async () => {
    google.dailyLimitExceeded = true;
    const limit = await failureOf(googleTranslator().translate('Hi', 'en', 'es'));
    expect(limit.failure).toBe('engine_error');
    expect(limit.message).toMatch(/quota/);
    google.dailyLimitExceeded = false;
    const badKey = await failureOf(googleTranslator('wrong-key').translate('Hi', 'en', 'es'));
    expect(badKey.failure).toBe('engine_error');
    expect(badKey.message).toMatch(/key/);
  });

  it('refuses an unlisted pair without a request, and maps "Bad language pair"', async () => {
    expect((await failureOf(googleTranslator().translate('Hi', 'en', 'ja'))).failure).toBe(
      'unsupported',
    );
    expect(google.translations).toEqual([]);
    google.languagesDown = true; // the fallback list has Japanese; the stand-in does not
    expect((await failureOf(googleTranslator().translate('Hi', 'en', 'ja'))).failure).toBe(
      'unsupported',
    );
  });

  it('maps a request that never answers to timeout', async () => {
    expect((await failureOf(googleTranslator().translate('slow', 'en', 'es'))).failure).toBe(
      'timeout',
    );
  });

  it("delivers the original with the spec's marker when Google fails alone", async () => {
    expect(await translateSafely(googleTranslator('wrong-key'), 'Hi', 'en', 'es')).toEqual({
      text: 'Hi',
      translated: false,
      failure: 'engine_error',
    });
  });

  it('routes onward to the next engine that supports the pair on each failure', async () => {
    const router = (apiKey = GoogleTranslateStandIn.KEY) =>
      new TranslationRouter([
        { translator: googleTranslator(apiKey), offline: false },
        { translator: libre.translator(), offline: false },
      ]);
    expect((await router().translate('Hi', 'en', 'es')).engine).toBe('google');
    expect((await router().translate('Hi', 'en', 'pt')).engine).toBe('libretranslate');
    expect((await router('wrong-key').translate('Hi', 'en', 'es')).engine).toBe('libretranslate');
    expect((await router().translate('slow', 'en', 'es')).engine).toBe('libretranslate');
    google.dailyLimitExceeded = true;
    expect((await router().translate('Hi', 'en', 'es')).engine).toBe('libretranslate');
    expect((await router().capabilities()).pairs).toContainEqual({
      from: 'en',
      to: 'hi',
      engine: 'google',
      offline: false,
    });
  });
});
