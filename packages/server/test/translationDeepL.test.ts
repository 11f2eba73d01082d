import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeepLTranslator } from '../src/translation/deeplTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { TranslationRouter } from '../src/translation/translationRouter.js';
import type { TranslationError } from '../src/translation/translator.js';
import { DeepLStandIn } from './support/deeplStandIn.js';
import { LibreTranslateStandIn } from './support/libreTranslateStandIn.js';
import { standInEgress } from './support/standInEgress.js';

let deepl: DeepLStandIn;
let libre: LibreTranslateStandIn;

beforeAll(async () => {
  [deepl, libre] = await Promise.all([DeepLStandIn.start(), LibreTranslateStandIn.start()]);
});

afterAll(async () => {
  await Promise.all([deepl.close(), libre.close()]);
});

beforeEach(() => {
  deepl.quotaExceeded = false;
  deepl.languagesDown = false;
  deepl.translations.length = 0;
});

function deeplTranslator(authKey = DeepLStandIn.KEY): DeepLTranslator {
  return new DeepLTranslator({
    egress: standInEgress,
    authKey,
    serverUrl: deepl.url,
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

describe('DeepL adapter (deepl-node against a stand-in on 127.0.0.1)', () => {
  it('lists every source to every target of /v2/languages in picker codes', async () => {
    const pairs = (await deeplTranslator().capabilities()).pairs;
    expect(pairs).toContainEqual({ from: 'en', to: 'ja' });
    expect(pairs).toContainEqual({ from: 'ja', to: 'en' });
    expect(pairs).toContainEqual({ from: 'de', to: 'es' });
    expect(pairs).not.toContainEqual({ from: 'en', to: 'fr' });
    expect(pairs).toHaveLength(12);
  });

  it('translates, asking for the regional English DeepL wants', async () => {
    const translator = deeplTranslator();
    expect(await translator.translate('Hola', 'es', 'en')).toEqual({
      text: '[deepl en-GB] Hola',
      engine: 'deepl',
    });
    expect(deepl.translations).toEqual([{ text: 'Hola', source: 'es', target: 'en-GB' }]);
  });

  it('falls back to its own language list when /v2/languages cannot be asked', async () => {
    deepl.languagesDown = true;
    const pairs = (await deeplTranslator().capabilities()).pairs;
    expect(pairs).toContainEqual({ from: 'en', to: 'fr' });
    expect(pairs).toContainEqual({ from: 'fr', to: 'en' });
  });

  it('maps quota exceeded (456) and a bad key (403) to engine_error', async () => {
    deepl.quotaExceeded = true;
    const quota = await failureOf(deeplTranslator().translate('Hi', 'en', 'es'));
    expect(quota.failure).toBe('engine_error');
    expect(quota.message).toMatch(/quota/);
    deepl.quotaExceeded = false;
    const badKey = await failureOf(deeplTranslator('wrong').translate('Hi', 'en', 'es'));
    expect(badKey.failure).toBe('engine_error');
    expect(badKey.message).toMatch(/key/);
  });

  it('refuses a pair it does not list without a request, and maps 400 "not supported"', async () => {
    const listed = deeplTranslator();
    expect((await failureOf(listed.translate('Hi', 'en', 'fr'))).failure).toBe('unsupported');
    expect(deepl.translations).toEqual([]);
    deepl.languagesDown = true; // the fallback list has French; the stand-in does not
    const fallback = deeplTranslator();
    expect((await failureOf(fallback.translate('Hi', 'en', 'fr'))).failure).toBe('unsupported');
  });

  it('maps a request that never answers to timeout', async () => {
    const failure = await failureOf(deeplTranslator().translate('slow', 'en', 'es'));
    expect(failure.failure).toBe('timeout');
  });

  it("delivers the original with the spec's marker when DeepL fails alone", async () => {
    deepl.quotaExceeded = true;
    expect(await translateSafely(deeplTranslator(), 'Hi', 'en', 'es')).toEqual({
      text: 'Hi',
      translated: false,
      failure: 'engine_error',
    });
  });
});

describe('routing per pair: DeepL first, LibreTranslate next', () => {
  const router = () =>
    new TranslationRouter(
      [
        { translator: deeplTranslator(), offline: false },
        { translator: libre.translator(), offline: false },
      ],
      { engineTimeoutMs: 2_000 },
    );

  it('uses DeepL for its pairs and LibreTranslate for the others', async () => {
    const routed = router();
    expect(await routed.translate('Hi', 'en', 'es')).toEqual({
      text: '[deepl es] Hi',
      engine: 'deepl',
    });
    expect(await routed.translate('Hi', 'en', 'pt')).toEqual({
      text: '[libre pt] Hi',
      engine: 'libretranslate',
    });
  });

  it('moves on to the next engine on quota exceeded, a bad key and a timeout', async () => {
    deepl.quotaExceeded = true;
    expect((await router().translate('Hi', 'en', 'es')).engine).toBe('libretranslate');
    deepl.quotaExceeded = false;
    const badKey = new TranslationRouter([
      { translator: deeplTranslator('wrong'), offline: false },
      { translator: libre.translator(), offline: false },
    ]);
    expect((await badKey.translate('Hi', 'en', 'es')).engine).toBe('libretranslate');
    expect((await router().translate('slow', 'en', 'es')).engine).toBe('libretranslate');
  });

  it('never asks an engine that does not support the pair', async () => {
    const routed = router();
    await expect(routed.translate('Hi', 'en', 'ja')).resolves.toMatchObject({ engine: 'deepl' });
    libre.requests.length = 0;
    deepl.quotaExceeded = true;
    // LibreTranslate has no Japanese: the pair fails rather than reaching it.
    expect((await failureOf(routed.translate('Hi', 'en', 'ja'))).failure).toBe('engine_error');
    expect(libre.requests.filter((path) => path === '/translate')).toEqual([]);
  });

  it('bounds every engine but the last one that can take the pair by the per-engine timeout', async () => {
    const hurried = (engines: Array<'deepl' | 'libre'>) =>
      new TranslationRouter(
        engines.map((name) => ({
          translator: name === 'deepl' ? deeplTranslator() : libre.translator(),
          offline: false,
        })),
        { engineTimeoutMs: 1 },
      );
    // DeepL never answers 'slow': it is cut, and LibreTranslate, last, is waited for.
    expect((await hurried(['deepl', 'libre']).translate('slow', 'en', 'es')).engine).toBe(
      'libretranslate',
    );
    // Alone it is the last candidate: 1 ms does not cut its round trip.
    expect((await hurried(['deepl']).translate('Hi', 'en', 'es')).engine).toBe('deepl');
  });

  it('says per pair which engine serves it and that neither is offline', async () => {
    const pairs = (await router().capabilities()).pairs;
    expect(pairs).toContainEqual({ from: 'en', to: 'es', engine: 'deepl', offline: false });
    expect(pairs).toContainEqual({
      from: 'en',
      to: 'pt',
      engine: 'libretranslate',
      offline: false,
    });
    expect(router().engine).toBe('deepl+libretranslate');
  });
});
