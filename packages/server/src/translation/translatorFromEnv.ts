import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ApertiumTranslator } from './apertiumTranslator.js';
import type { ApyLog } from './apyProcess.js';
import { LibreTranslateTranslator } from './libreTranslateTranslator.js';
import { NoneTranslator } from './noneTranslator.js';
import { CachedTranslator, DEFAULT_TRANSLATION_CACHE_ENTRIES } from './translationCache.js';
import type { Translator } from './translator.js';

export const TRANSLATOR_KINDS = ['apertium', 'libretranslate', 'none'] as const;
export type TranslatorKind = (typeof TRANSLATOR_KINDS)[number];

/** Whether an executable of this name is on PATH. */
export function isOnPath(command: string, path = process.env.PATH ?? ''): boolean {
  return path
    .split(delimiter)
    .filter((dir) => dir !== '')
    .some((dir) => {
      try {
        accessSync(join(dir, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

function readPositive(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`Invalid ${name}: ${text}`);
  return value;
}

function readCacheEntries(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_TRANSLATION_CACHE_ENTRIES;
  const entries = Number(text);
  if (!Number.isInteger(entries) || entries < 0) {
    throw new Error(`Invalid TRANSLATION_CACHE_ENTRIES: ${text}`);
  }
  return entries;
}

/**
 * The translator the environment asks for, behind the translation cache, already started:
 * TRANSLATOR=apertium|libretranslate|none (default apertium when the `apertium` command
 * exists, else none), LIBRETRANSLATE_URL, LIBRETRANSLATE_API_KEY, APERTIUM_APY=off (CLI only),
 * APERTIUM_APY_PIPES, TRANSLATION_CACHE_ENTRIES (0 turns the cache off). Close it when the server closes.
 */
export function translatorFromEnv(env: NodeJS.ProcessEnv = process.env, log?: ApyLog): Translator {
  const requested = env.TRANSLATOR?.trim().toLowerCase() || undefined;
  if (requested && !(TRANSLATOR_KINDS as readonly string[]).includes(requested)) {
    throw new Error(`Invalid TRANSLATOR: ${env.TRANSLATOR} (apertium, libretranslate or none)`);
  }
  const kind = (requested ??
    (isOnPath('apertium', env.PATH) ? 'apertium' : 'none')) as TranslatorKind;
  let translator: Translator;
  switch (kind) {
    case 'apertium':
      translator = new ApertiumTranslator({
        apy:
          env.APERTIUM_APY !== 'off' && isOnPath('apertium-apy', env.PATH)
            ? { pipesPerPair: readPositive(env.APERTIUM_APY_PIPES, 1, 'APERTIUM_APY_PIPES') }
            : false,
        log,
      }).start();
      break;
    case 'libretranslate': {
      const baseUrl = env.LIBRETRANSLATE_URL?.trim();
      if (!baseUrl) throw new Error('TRANSLATOR=libretranslate needs LIBRETRANSLATE_URL');
      translator = new LibreTranslateTranslator({
        baseUrl,
        apiKey: env.LIBRETRANSLATE_API_KEY || undefined,
      });
      break;
    }
    case 'none':
      translator = new NoneTranslator();
      break;
  }
  const cacheEntries = readCacheEntries(env.TRANSLATION_CACHE_ENTRIES);
  return cacheEntries > 0 ? new CachedTranslator(translator, cacheEntries) : translator;
}
