import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import {
  createTranslationUsageRepository,
  type TranslationUsageRepository,
} from '../src/plugins/app/translation-usage-repository.js';
import { CachedTranslator } from '../src/translation/translationCache.js';
import { TranslationRouter } from '../src/translation/translationRouter.js';
import { TranslationUsageLedger } from '../src/translation/translationUsageLedger.js';
import { translatorFromEnv } from '../src/translation/translatorFromEnv.js';
import { DeepLStandIn } from './support/deeplStandIn.js';
import { LibreTranslateStandIn } from './support/libreTranslateStandIn.js';
import { loadTemplateDatabase } from './support/testServer.js';

let deepl: DeepLStandIn;
let libre: LibreTranslateStandIn;
let database: DatabaseHandle;
let repository: TranslationUsageRepository;

beforeAll(async () => {
  [deepl, libre] = await Promise.all([DeepLStandIn.start(), LibreTranslateStandIn.start()]);
  database = await openDatabase({ pglite: await loadTemplateDatabase() });
  repository = createTranslationUsageRepository(database.db);
});

afterAll(async () => {
  await Promise.all([deepl.close(), libre.close(), database.close()]);
});

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  TRANSLATORS: 'deepl, libretranslate',
  DEEPL_AUTH_KEY: DeepLStandIn.KEY,
  DEEPL_SERVER_URL: deepl.url,
  LIBRETRANSLATE_URL: libre.url,
  // The stand-ins are the operator's own engines on loopback: named, the guard lets them through.
  TRANSLATION_PRIVATE_HOSTS: '127.0.0.1',
  ...extra,
});

describe('TRANSLATORS from the environment', () => {
  it('builds the engines in order behind one router and the cache', async () => {
    const translator = translatorFromEnv(env());
    expect(translator).toBeInstanceOf(CachedTranslator);
    expect((translator as CachedTranslator).inner).toBeInstanceOf(TranslationRouter);
    expect(translator.engine).toBe('deepl+libretranslate');
    expect((await translator.translate('Hi', 'en', 'pt')).engine).toBe('libretranslate');
    await translator.close();
  });

  it('refuses engines on loopback that TRANSLATION_PRIVATE_HOSTS does not name', async () => {
    const warnings: object[] = [];
    const log = { info: () => undefined, warn: (object: object) => warnings.push(object) };
    const translator = translatorFromEnv(env({ TRANSLATION_PRIVATE_HOSTS: '' }), log);
    // Said at start, not only by failed translations.
    expect(warnings).toEqual([
      { setting: 'LIBRETRANSLATE_URL', host: '127.0.0.1' },
      { setting: 'DEEPL_SERVER_URL', host: '127.0.0.1' },
    ]);
    await expect(translator.translate('Hi', 'en', 'es')).rejects.toMatchObject({
      failure: 'engine_error',
    });
    expect(() => translatorFromEnv(env({ TRANSLATION_PRIVATE_HOSTS: 'http://x' }))).toThrow(
      /Invalid TRANSLATION_PRIVATE_HOSTS/,
    );
    await translator.close();
  });

  it('refuses unknown engines, adapters not built yet, missing keys and bad caps', () => {
    expect(() => translatorFromEnv(env({ TRANSLATORS: 'deepl,babel' }))).toThrow(
      /Invalid TRANSLATORS entry: babel/,
    );
    expect(() => translatorFromEnv(env({ DEEPL_AUTH_KEY: '' }))).toThrow(/DEEPL_AUTH_KEY/);
    expect(() => translatorFromEnv(env({ TRANSLATORS: 'azure' }))).toThrow(/AZURE_TRANSLATOR_KEY/);
    expect(() => translatorFromEnv(env({ TRANSLATORS: 'amazon' }))).toThrow(/AWS_REGION/);
    expect(() => translatorFromEnv(env({ TRANSLATORS: 'google,deepl' }))).toThrow(
      /GOOGLE_TRANSLATE_API_KEY/,
    );
    expect(() => translatorFromEnv(env({ DEEPL_DAILY_CHAR_CAP: 'lots' }))).toThrow(
      /Invalid DEEPL_DAILY_CHAR_CAP/,
    );
    expect(() => translatorFromEnv(env({ TRANSLATORS: ' , ' }))).toThrow(/names no engine/);
  });
});

describe('usage per engine per day and daily caps (real PGlite)', () => {
  it('counts characters and requests per engine per UTC day', async () => {
    let now = new Date('2026-03-01T23:59:00Z');
    const ledger = new TranslationUsageLedger(repository, () => now);
    const translator = translatorFromEnv(
      env({ TRANSLATION_CACHE_ENTRIES: '0' }),
      undefined,
      ledger,
    );
    await translator.translate('Hello', 'en', 'es'); // deepl, 5
    await translator.translate('Good night', 'en', 'es'); // deepl, 10
    await translator.translate('Hi', 'en', 'pt'); // libretranslate, 2
    now = new Date('2026-03-02T00:01:00Z');
    await translator.translate('Morning', 'en', 'es'); // deepl, next day
    expect(await repository.listDay('2026-03-01')).toEqual([
      { engine: 'deepl', day: '2026-03-01', characters: 15, requests: 2 },
      { engine: 'libretranslate', day: '2026-03-01', characters: 2, requests: 1 },
    ]);
    expect(await repository.listDay('2026-03-02')).toEqual([
      { engine: 'deepl', day: '2026-03-02', characters: 7, requests: 1 },
    ]);
    now = new Date('2026-03-03T12:00:00Z');
    await translator.translate('Hi 👋', 'en', 'es'); // an emoji is one character, as billed
    expect(await repository.charactersOn('deepl', '2026-03-03')).toBe(4);
  });

  it('skips an engine over its DEEPL_DAILY_CHAR_CAP for the rest of the day', async () => {
    let now = new Date('2026-04-01T10:00:00Z');
    const ledger = new TranslationUsageLedger(repository, () => now);
    const translator = translatorFromEnv(
      env({ TRANSLATION_CACHE_ENTRIES: '0', DEEPL_DAILY_CHAR_CAP: '12' }),
      undefined,
      ledger,
    );
    expect((await translator.translate('Hi there', 'en', 'es')).engine).toBe('deepl');
    // 8 + 8 would pass 12: the next engine that supports the pair takes it.
    expect((await translator.translate('See you!', 'en', 'es')).engine).toBe('libretranslate');
    const pairs = async () => (await translator.capabilities()).pairs;
    expect(await pairs()).toContainEqual({ from: 'en', to: 'es', engine: 'deepl', offline: false });
    expect((await translator.translate('Bye', 'en', 'es')).engine).toBe('deepl'); // 11
    expect((await translator.translate('Ok?', 'en', 'es')).engine).toBe('libretranslate');
    // A pair only DeepL serves fails rather than going past the cap.
    await expect(translator.translate('Hi', 'en', 'ja')).rejects.toMatchObject({
      failure: 'unsupported',
    });
    expect(await repository.charactersOn('deepl', '2026-04-01')).toBe(11);
    now = new Date('2026-04-02T00:00:01Z');
    expect((await translator.translate('See you!', 'en', 'es')).engine).toBe('deepl');
  });

  it('lists a capped pair under the next engine once the cap is reached', async () => {
    const now = new Date('2026-05-01T10:00:00Z');
    await repository.record('deepl', '2026-05-01', 50);
    const router = translatorFromEnv(
      env({ TRANSLATION_CACHE_ENTRIES: '0', DEEPL_DAILY_CHAR_CAP: '50' }),
      undefined,
      new TranslationUsageLedger(repository, () => now),
    );
    const pairs = (await router.capabilities()).pairs;
    expect(pairs).toContainEqual({
      from: 'en',
      to: 'es',
      engine: 'libretranslate',
      offline: false,
    });
    expect(pairs.some((pair) => pair.to === 'ja')).toBe(false);
  });
});
