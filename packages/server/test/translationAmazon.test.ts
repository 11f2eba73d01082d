import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AmazonTranslator } from '../src/translation/amazonTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { TranslationRouter } from '../src/translation/translationRouter.js';
import type { TranslationError } from '../src/translation/translator.js';
import { AmazonTranslateStandIn } from './support/amazonTranslateStandIn.js';
import { LibreTranslateStandIn } from './support/libreTranslateStandIn.js';
import { standInEgress } from './support/standInEgress.js';

let amazon: AmazonTranslateStandIn;
let libre: LibreTranslateStandIn;

beforeAll(async () => {
  [amazon, libre] = await Promise.all([
    AmazonTranslateStandIn.start(),
    LibreTranslateStandIn.start(),
  ]);
});

afterAll(async () => {
  await Promise.all([amazon.close(), libre.close()]);
});

beforeEach(() => {
  amazon.limitExceeded = false;
  amazon.languagesDown = false;
  amazon.translations.length = 0;
});

function amazonTranslator(accessKeyId = AmazonTranslateStandIn.ACCESS_KEY_ID): AmazonTranslator {
  return new AmazonTranslator({
    egress: standInEgress,
    region: 'eu-west-1',
    endpoint: amazon.url,
    credentials: { accessKeyId, secretAccessKey: 'secret' },
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

describe('Amazon adapter (@aws-sdk/client-translate against a stand-in on 127.0.0.1)', () => {
  it('lists every language of ListLanguages (all pages, not auto) into every other', async () => {
    const pairs = (await amazonTranslator().capabilities()).pairs;
    expect(pairs).toContainEqual({ from: 'en', to: 'ar' });
    expect(pairs).toContainEqual({ from: 'zh', to: 'es' });
    expect(pairs).toHaveLength(12);
  });

  it("translates with Amazon's own codes", async () => {
    expect(await amazonTranslator().translate('Hello', 'en', 'zh')).toEqual({
      text: '[amazon zh-TW] Hello',
      engine: 'amazon',
    });
    expect(amazon.translations).toEqual([{ text: 'Hello', from: 'en', to: 'zh-TW' }]);
  });

  it('falls back to its own language list when ListLanguages fails', async () => {
    amazon.languagesDown = true;
    expect((await amazonTranslator().capabilities()).pairs).toContainEqual({
      from: 'en',
      to: 'ja',
    });
  });

  it('maps the character limit and a bad access key to engine_error', async () => {
    amazon.limitExceeded = true;
    const limit = await failureOf(amazonTranslator().translate('Hi', 'en', 'es'));
    expect(limit.failure).toBe('engine_error');
    expect(limit.message).toMatch(/quota/);
    amazon.limitExceeded = false;
    const badKey = await failureOf(amazonTranslator('AKIDWRONG').translate('Hi', 'en', 'es'));
    expect(badKey.failure).toBe('engine_error');
    expect(badKey.message).toMatch(/key/);
  });

  it('refuses an unlisted pair without a request, and maps UnsupportedLanguagePair', async () => {
    expect((await failureOf(amazonTranslator().translate('Hi', 'en', 'ja'))).failure).toBe(
      'unsupported',
    );
    expect(amazon.translations).toEqual([]);
    amazon.languagesDown = true; // the fallback list has Japanese; the stand-in does not
    expect((await failureOf(amazonTranslator().translate('Hi', 'en', 'ja'))).failure).toBe(
      'unsupported',
    );
  });

  it('maps a request that never answers to timeout', async () => {
    expect((await failureOf(amazonTranslator().translate('slow', 'en', 'es'))).failure).toBe(
      'timeout',
    );
  });

  it("delivers the original with the spec's marker when Amazon fails alone", async () => {
    expect(await translateSafely(amazonTranslator('AKIDWRONG'), 'Hi', 'en', 'es')).toEqual({
      text: 'Hi',
      translated: false,
      failure: 'engine_error',
    });
  });

  it('routes onward to the next engine that supports the pair on each failure', async () => {
    const router = (accessKeyId = AmazonTranslateStandIn.ACCESS_KEY_ID) =>
      new TranslationRouter([
        { translator: amazonTranslator(accessKeyId), offline: false },
        { translator: libre.translator(), offline: false },
      ]);
    expect((await router().translate('Hi', 'en', 'es')).engine).toBe('amazon');
    expect((await router().translate('Hi', 'en', 'pt')).engine).toBe('libretranslate');
    expect((await router('AKIDWRONG').translate('Hi', 'en', 'es')).engine).toBe('libretranslate');
    expect((await router().translate('slow', 'en', 'es')).engine).toBe('libretranslate');
    amazon.limitExceeded = true;
    expect((await router().translate('Hi', 'en', 'es')).engine).toBe('libretranslate');
    expect((await router().capabilities()).pairs).toContainEqual({
      from: 'en',
      to: 'ar',
      engine: 'amazon',
      offline: false,
    });
  });
});
