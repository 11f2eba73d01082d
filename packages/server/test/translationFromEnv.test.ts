import { describe, expect, it } from 'vitest';
import { ApertiumTranslator } from '../src/translation/apertiumTranslator.js';
import { LibreTranslateTranslator } from '../src/translation/libreTranslateTranslator.js';
import { NoneTranslator } from '../src/translation/noneTranslator.js';
import { CachedTranslator } from '../src/translation/translationCache.js';
import { isOnPath, translatorFromEnv } from '../src/translation/translatorFromEnv.js';

describe('translator chosen by environment', () => {
  it('defaults to none when apertium is not on PATH', async () => {
    const translator = translatorFromEnv({ PATH: '' });
    expect(translator.engine).toBe('none');
    await translator.close();
  });

  it('defaults to apertium (CLI only with APERTIUM_APY=off) when the command exists', async () => {
    const translator = translatorFromEnv({ PATH: process.env.PATH, APERTIUM_APY: 'off' });
    expect(translator.engine).toBe(isOnPath('apertium') ? 'apertium' : 'none');
    if (translator.engine === 'apertium') {
      expect((translator as CachedTranslator).inner).toBeInstanceOf(ApertiumTranslator);
    }
    await translator.close();
  });

  it('builds the LibreTranslate adapter from LIBRETRANSLATE_URL and wraps it in the cache', async () => {
    const translator = translatorFromEnv({
      TRANSLATOR: 'libretranslate',
      LIBRETRANSLATE_URL: 'http://127.0.0.1:5000',
      LIBRETRANSLATE_API_KEY: 'k',
    });
    expect(translator).toBeInstanceOf(CachedTranslator);
    expect((translator as CachedTranslator).inner).toBeInstanceOf(LibreTranslateTranslator);
  });

  it('turns the cache off with TRANSLATION_CACHE_ENTRIES=0', () => {
    expect(
      translatorFromEnv({ TRANSLATOR: 'none', TRANSLATION_CACHE_ENTRIES: '0' }),
    ).toBeInstanceOf(NoneTranslator);
  });

  it('rejects unknown engines and a LibreTranslate without URL', () => {
    expect(() => translatorFromEnv({ TRANSLATOR: 'google' })).toThrow(/Invalid TRANSLATOR/);
    expect(() => translatorFromEnv({ TRANSLATOR: 'libretranslate' })).toThrow(/LIBRETRANSLATE_URL/);
  });
});
