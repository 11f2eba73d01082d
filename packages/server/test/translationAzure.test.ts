import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AzureTranslator } from '../src/translation/azureTranslator.js';
import { DeepLTranslator } from '../src/translation/deeplTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { TranslationRouter } from '../src/translation/translationRouter.js';
import type { TranslationError } from '../src/translation/translator.js';
import { AzureTranslatorStandIn } from './support/azureTranslatorStandIn.js';
import { DeepLStandIn } from './support/deeplStandIn.js';
import { LibreTranslateStandIn } from './support/libreTranslateStandIn.js';
import { standInEgress } from './support/standInEgress.js';

let azure: AzureTranslatorStandIn;
let libre: LibreTranslateStandIn;

beforeAll(async () => {
  [azure, libre] = await Promise.all([
    AzureTranslatorStandIn.start(),
    LibreTranslateStandIn.start(),
  ]);
});

afterAll(async () => {
  await Promise.all([azure.close(), libre.close()]);
});

beforeEach(() => {
  azure.quotaExceeded = false;
  azure.languagesDown = false;
  azure.translations.length = 0;
});

function azureTranslator(key = AzureTranslatorStandIn.KEY): AzureTranslator {
  return new AzureTranslator({
    egress: standInEgress,
    key,
    region: 'westeurope',
    endpoint: azure.url,
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

describe('Azure adapter (@azure-rest/ai-translation-text against a stand-in on 127.0.0.1)', () => {
  it('lists every language of /languages into every other, in picker codes', async () => {
    const pairs = (await azureTranslator().capabilities()).pairs;
    expect(pairs).toContainEqual({ from: 'en', to: 'ko' });
    expect(pairs).toContainEqual({ from: 'zh', to: 'es' });
    expect(pairs).toHaveLength(12);
  });

  it('translates with its own codes, key and region', async () => {
    expect(await azureTranslator().translate('Hello', 'en', 'zh')).toEqual({
      text: '[azure zh-Hans] Hello',
      engine: 'azure',
    });
    expect(azure.translations).toEqual([
      { text: 'Hello', from: 'en', to: 'zh-Hans', region: 'westeurope' },
    ]);
  });

  it('falls back to its own language list when /languages cannot be asked', async () => {
    azure.languagesDown = true;
    const pairs = (await azureTranslator().capabilities()).pairs;
    expect(pairs).toContainEqual({ from: 'en', to: 'ja' });
  });

  it('maps quota exceeded (403001) and a bad key (401000) to engine_error', async () => {
    azure.quotaExceeded = true;
    const quota = await failureOf(azureTranslator().translate('Hi', 'en', 'es'));
    expect(quota.failure).toBe('engine_error');
    expect(quota.message).toMatch(/quota/);
    azure.quotaExceeded = false;
    const badKey = await failureOf(azureTranslator('wrong').translate('Hi', 'en', 'es'));
    expect(badKey.failure).toBe('engine_error');
    expect(badKey.message).toMatch(/key/);
  });

  it('refuses an unlisted pair without a request, and maps 400036 to unsupported', async () => {
    expect((await failureOf(azureTranslator().translate('Hi', 'en', 'ja'))).failure).toBe(
      'unsupported',
    );
    expect(azure.translations).toEqual([]);
    azure.languagesDown = true; // the fallback list has Japanese; the stand-in does not
    expect((await failureOf(azureTranslator().translate('Hi', 'en', 'ja'))).failure).toBe(
      'unsupported',
    );
  });

  it('maps a request that never answers to timeout', async () => {
    expect((await failureOf(azureTranslator().translate('slow', 'en', 'es'))).failure).toBe(
      'timeout',
    );
  });

  it("delivers the original with the spec's marker when Azure fails alone", async () => {
    expect(await translateSafely(azureTranslator('wrong'), 'Hi', 'en', 'es')).toEqual({
      text: 'Hi',
      translated: false,
      failure: 'engine_error',
    });
  });

  it('routes onward to the next engine that supports the pair on each failure', async () => {
    const router = (key = AzureTranslatorStandIn.KEY) =>
      new TranslationRouter([
        { translator: azureTranslator(key), offline: false },
        { translator: libre.translator(), offline: false },
      ]);
    expect((await router().translate('Hi', 'en', 'es')).engine).toBe('azure');
    expect((await router().translate('Hi', 'en', 'pt')).engine).toBe('libretranslate');
    expect((await router('wrong').translate('Hi', 'en', 'es')).engine).toBe('libretranslate');
    expect((await router().translate('slow', 'en', 'es')).engine).toBe('libretranslate');
    azure.quotaExceeded = true;
    expect((await router().translate('Hi', 'en', 'es')).engine).toBe('libretranslate');
    expect((await router().capabilities()).pairs).toContainEqual({
      from: 'en',
      to: 'ko',
      engine: 'azure',
      offline: false,
    });
  });
});

describe('routing across engines when no engine lists the pair', () => {
  it('follows the chain the client plans: German → English at DeepL, English → Korean at Azure', async () => {
    const deepl = await DeepLStandIn.start();
    try {
      const router = new TranslationRouter([
        {
          translator: new DeepLTranslator({
            egress: standInEgress,
            authKey: DeepLStandIn.KEY,
            serverUrl: deepl.url,
          }),
          offline: false,
        },
        { translator: azureTranslator(), offline: false },
      ]);
      const pairs = (await router.capabilities()).pairs;
      expect(pairs.some((pair) => pair.from === 'de' && pair.to === 'ko')).toBe(false);
      expect(pairs.some((pair) => pair.via)).toBe(false); // so the client plans de → en → ko
      expect(await router.translate('Hallo', 'de', 'ko')).toEqual({
        text: '[azure ko] [deepl en-GB] Hallo',
        engine: 'deepl+azure',
      });
      // With nowhere to go even through a pivot, the pair stays unsupported.
      await expect(router.translate('Hallo', 'de', 'fr')).rejects.toMatchObject({
        failure: 'unsupported',
      });
    } finally {
      await deepl.close();
    }
  });
});
