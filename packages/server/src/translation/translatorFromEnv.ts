import { EgressGuard } from '../http/egressGuard.js';
import { engineEgressFromEnv, TRANSLATION_ENDPOINT_SETTINGS } from '../http/engineEgress.js';
import type { ApyLog } from './apyProcess.js';
import { NoneTranslator } from './noneTranslator.js';
import { CachedTranslator, DEFAULT_TRANSLATION_CACHE_ENTRIES } from './translationCache.js';
import {
  apertiumFromEnv,
  isOnPath,
  libreTranslateFromEnv,
  translationRouterFromEnv,
} from './translationEnginesFromEnv.js';
import type { EngineUsageLedger } from './translationRouter.js';
import type { Translator } from './translator.js';

export { isOnPath };

export const TRANSLATOR_KINDS = ['apertium', 'libretranslate', 'none'] as const;
export type TranslatorKind = (typeof TRANSLATOR_KINDS)[number];

function readCacheEntries(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_TRANSLATION_CACHE_ENTRIES;
  const entries = Number(text);
  if (!Number.isInteger(entries) || entries < 0) {
    throw new Error(`Invalid TRANSLATION_CACHE_ENTRIES: ${text}`);
  }
  return entries;
}

function singleTranslatorFromEnv(
  env: NodeJS.ProcessEnv,
  egress: EgressGuard,
  log?: ApyLog,
): Translator {
  const requested = env.TRANSLATOR?.trim().toLowerCase() || undefined;
  if (requested && !(TRANSLATOR_KINDS as readonly string[]).includes(requested)) {
    throw new Error(`Invalid TRANSLATOR: ${env.TRANSLATOR} (apertium, libretranslate or none)`);
  }
  const kind = (requested ??
    (isOnPath('apertium', env.PATH) ? 'apertium' : 'none')) as TranslatorKind;
  switch (kind) {
    case 'apertium':
      return apertiumFromEnv(env, log);
    case 'libretranslate':
      if (!env.LIBRETRANSLATE_URL?.trim()) {
        throw new Error('TRANSLATOR=libretranslate needs LIBRETRANSLATE_URL');
      }
      return libreTranslateFromEnv(env, egress);
    case 'none':
      return new NoneTranslator();
  }
}

/**
 * The translator the environment asks for, behind the translation cache, already started.
 * TRANSLATORS=deepl,libretranslate,apertium routes each pair over those engines in order
 * (translationEnginesFromEnv.ts; `usage` counts their characters per day). Without it, one
 * engine as before: TRANSLATOR=apertium|libretranslate|none (default apertium when the
 * `apertium` command exists, else none), LIBRETRANSLATE_URL, LIBRETRANSLATE_API_KEY,
 * APERTIUM_APY=off (CLI only), APERTIUM_APY_PIPES. TRANSLATION_CACHE_ENTRIES (0 turns the cache
 * off). Close it when the server closes. Hosted engines connect through `egress` (the server passes
 * its one guard; default a guard that refuses private and loopback addresses), with the hosts
 * ENGINE_PRIVATE_HOSTS (or its older name TRANSLATION_PRIVATE_HOSTS) names let through
 * (http/engineEgress.ts).
 */
export function translatorFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  log?: ApyLog,
  usage?: EngineUsageLedger,
  egress: EgressGuard = new EgressGuard(),
): Translator {
  const engineEgress = engineEgressFromEnv(env, egress, TRANSLATION_ENDPOINT_SETTINGS, log);
  const translator = env.TRANSLATORS?.trim()
    ? translationRouterFromEnv(env, engineEgress, log, usage)
    : singleTranslatorFromEnv(env, engineEgress, log);
  const cacheEntries = readCacheEntries(env.TRANSLATION_CACHE_ENTRIES);
  return cacheEntries > 0 ? new CachedTranslator(translator, cacheEntries) : translator;
}
