import { EgressGuard } from '../http/egressGuard.js';
import { CORRECTION_ENDPOINT_SETTINGS, engineEgressFromEnv } from '../http/engineEgress.js';
import { CombinedCorrector } from './combinedCorrector.js';
import type { Corrector } from './corrector.js';
import { DEFAULT_HUNSPELL_DICTIONARY_DIRS, HunspellCorrector } from './hunspellCorrector.js';
import { LanguageToolCorrector } from './languageToolCorrector.js';
import { NoneCorrector } from './noneCorrector.js';
import { NSPELL_DICTIONARIES, NspellCorrector } from './nspellCorrector.js';

export const CORRECTOR_KINDS = ['nspell', 'languagetool', 'none'] as const;
export type CorrectorKind = (typeof CORRECTOR_KINDS)[number];

export interface CorrectorLog {
  warn(details: object, message: string): void;
}

function codeList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter((code) => code !== '');
}

/**
 * The corrector the environment asks for: CORRECTOR=nspell|languagetool|none (default nspell),
 * LANGUAGETOOL_URL (required for languagetool; nspell answers when it fails),
 * LANGUAGETOOL_TIMEOUT_MS (default 5000), CORRECTOR_PRELOAD=en,es (dictionaries loaded at start
 * rather than on first use). Offline, nspell checks en/es/fr/de and the Hunspell program the
 * other languages whose Debian dictionaries are installed: HUNSPELL_BIN (default 'hunspell' on
 * PATH), HUNSPELL_DICTIONARY_DIRS (':'-separated, default /usr/share/hunspell),
 * HUNSPELL_IDLE_MS (a language's process is stopped after this long without checks; default
 * 300000). Close it when the server closes. LanguageTool connects through `egress` (the server
 * passes its one guard; default a guard that refuses private and loopback addresses), with the
 * hosts ENGINE_PRIVATE_HOSTS names let through (http/engineEgress.ts).
 */
export function correctorFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  log?: CorrectorLog,
  egress: EgressGuard = new EgressGuard(),
): Corrector {
  const kind = (env.CORRECTOR?.trim().toLowerCase() || 'nspell') as CorrectorKind;
  if (!CORRECTOR_KINDS.includes(kind)) {
    throw new Error(`Invalid CORRECTOR: ${env.CORRECTOR} (nspell, languagetool or none)`);
  }
  if (kind === 'none') return new NoneCorrector();
  const preload = codeList(env.CORRECTOR_PRELOAD);
  const idle = env.HUNSPELL_IDLE_MS?.trim();
  const idleMs = idle ? Number(idle) : undefined;
  if (idleMs !== undefined && !(Number.isInteger(idleMs) && idleMs > 0)) {
    throw new Error(`Invalid HUNSPELL_IDLE_MS: ${idle}`);
  }
  const dirs = env.HUNSPELL_DICTIONARY_DIRS?.split(':').filter((dir) => dir.trim() !== '');
  const offline = new CombinedCorrector([
    new NspellCorrector({ preload: preload.filter((code) => code in NSPELL_DICTIONARIES) }),
    new HunspellCorrector({
      binary: env.HUNSPELL_BIN?.trim() || 'hunspell',
      dictionaryDirs: dirs && dirs.length > 0 ? dirs : DEFAULT_HUNSPELL_DICTIONARY_DIRS,
      preload: preload.filter((code) => !(code in NSPELL_DICTIONARIES)),
      idleMs,
    }),
  ]);
  if (kind === 'nspell') return offline;

  const baseUrl = env.LANGUAGETOOL_URL?.trim();
  if (!baseUrl) throw new Error('CORRECTOR=languagetool needs LANGUAGETOOL_URL');
  const timeout = env.LANGUAGETOOL_TIMEOUT_MS?.trim();
  const timeoutMs = timeout ? Number(timeout) : undefined;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new Error(`Invalid LANGUAGETOOL_TIMEOUT_MS: ${timeout}`);
  }
  return new LanguageToolCorrector({
    baseUrl,
    egress: engineEgressFromEnv(env, egress, CORRECTION_ENDPOINT_SETTINGS, log),
    timeoutMs,
    fallback: offline,
    onFallback: (error, language) =>
      log?.warn({ err: error, language }, 'LanguageTool failed; answered with nspell'),
  });
}
