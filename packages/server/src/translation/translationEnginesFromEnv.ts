import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { EgressGuard } from '../http/egressGuard.js';
import { AmazonTranslator } from './amazonTranslator.js';
import { ApertiumTranslator } from './apertiumTranslator.js';
import type { ApyLog } from './apyProcess.js';
import { AzureTranslator } from './azureTranslator.js';
import { DeepLTranslator } from './deeplTranslator.js';
import { GoogleTranslator } from './googleTranslator.js';
import { LibreTranslateTranslator } from './libreTranslateTranslator.js';
import {
  type EngineUsageLedger,
  type RoutedEngine,
  TranslationRouter,
} from './translationRouter.js';
import type { Translator } from './translator.js';

/** The engines `TRANSLATORS` may name, and the prefix of each one's settings. */
export const ROUTABLE_ENGINES = {
  deepl: 'DEEPL',
  google: 'GOOGLE',
  azure: 'AZURE',
  amazon: 'AMAZON',
  libretranslate: 'LIBRETRANSLATE',
  apertium: 'APERTIUM',
} as const;
export type RoutableEngine = keyof typeof ROUTABLE_ENGINES;

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

export function readPositive(text: string | undefined, fallback: number, name: string): number;
export function readPositive(
  text: string | undefined,
  fallback: undefined,
  name: string,
): number | undefined;
export function readPositive(
  text: string | undefined,
  fallback: number | undefined,
  name: string,
): number | undefined {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`Invalid ${name}: ${text}`);
  return value;
}

/** Apertium offline: APERTIUM_APY=off (CLI only), APERTIUM_APY_PIPES. */
export function apertiumFromEnv(env: NodeJS.ProcessEnv, log?: ApyLog): ApertiumTranslator {
  return new ApertiumTranslator({
    apy:
      env.APERTIUM_APY !== 'off' && isOnPath('apertium-apy', env.PATH)
        ? { pipesPerPair: readPositive(env.APERTIUM_APY_PIPES, 1, 'APERTIUM_APY_PIPES') }
        : false,
    log,
  }).start();
}

/** LIBRETRANSLATE_URL (required), LIBRETRANSLATE_API_KEY. */
export function libreTranslateFromEnv(
  env: NodeJS.ProcessEnv,
  egress: EgressGuard,
): LibreTranslateTranslator {
  const baseUrl = env.LIBRETRANSLATE_URL?.trim();
  if (!baseUrl) throw new Error('libretranslate needs LIBRETRANSLATE_URL');
  return new LibreTranslateTranslator({
    baseUrl,
    apiKey: env.LIBRETRANSLATE_API_KEY || undefined,
    egress,
  });
}

/** DEEPL_AUTH_KEY (required), DEEPL_SERVER_URL (the SDK's default when unset). */
export function deeplFromEnv(env: NodeJS.ProcessEnv, egress: EgressGuard): DeepLTranslator {
  const authKey = env.DEEPL_AUTH_KEY?.trim();
  if (!authKey) throw new Error('deepl needs DEEPL_AUTH_KEY');
  return new DeepLTranslator({
    authKey,
    serverUrl: env.DEEPL_SERVER_URL?.trim() || undefined,
    egress,
  }).start();
}

/** AZURE_TRANSLATOR_KEY (required), AZURE_TRANSLATOR_REGION, AZURE_TRANSLATOR_ENDPOINT. */
export function azureFromEnv(env: NodeJS.ProcessEnv, egress: EgressGuard): AzureTranslator {
  const key = env.AZURE_TRANSLATOR_KEY?.trim();
  if (!key) throw new Error('azure needs AZURE_TRANSLATOR_KEY');
  return new AzureTranslator({
    key,
    region: env.AZURE_TRANSLATOR_REGION?.trim() || undefined,
    endpoint: env.AZURE_TRANSLATOR_ENDPOINT?.trim() || undefined,
    egress,
  }).start();
}

/**
 * AWS_REGION or AWS_DEFAULT_REGION (required), AMAZON_TRANSLATE_ENDPOINT; keys from
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, else the SDK's default chain.
 */
export function amazonFromEnv(env: NodeJS.ProcessEnv, egress: EgressGuard): AmazonTranslator {
  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim();
  if (!region) throw new Error('amazon needs AWS_REGION');
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  return new AmazonTranslator({
    region,
    endpoint: env.AMAZON_TRANSLATE_ENDPOINT?.trim() || undefined,
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN || undefined }
        : undefined,
    egress,
  }).start();
}

/**
 * GOOGLE_TRANSLATE_API_KEY, or a service account (GOOGLE_APPLICATION_CREDENTIALS, read by the SDK,
 * with GOOGLE_CLOUD_PROJECT); GOOGLE_CLOUD_TRANSLATE_ENDPOINT (the SDK's endpoint URL).
 */
export function googleFromEnv(env: NodeJS.ProcessEnv, egress: EgressGuard): GoogleTranslator {
  const apiKey = env.GOOGLE_TRANSLATE_API_KEY?.trim() || undefined;
  if (!apiKey && !env.GOOGLE_APPLICATION_CREDENTIALS?.trim()) {
    throw new Error('google needs GOOGLE_TRANSLATE_API_KEY or GOOGLE_APPLICATION_CREDENTIALS');
  }
  return new GoogleTranslator({
    apiKey,
    projectId: env.GOOGLE_CLOUD_PROJECT?.trim() || undefined,
    endpoint: env.GOOGLE_CLOUD_TRANSLATE_ENDPOINT?.trim() || undefined,
    egress,
  }).start();
}

function engineFromEnv(
  name: RoutableEngine,
  env: NodeJS.ProcessEnv,
  egress: EgressGuard,
  log?: ApyLog,
): Translator {
  switch (name) {
    case 'deepl':
      return deeplFromEnv(env, egress);
    case 'google':
      return googleFromEnv(env, egress);
    case 'azure':
      return azureFromEnv(env, egress);
    case 'amazon':
      return amazonFromEnv(env, egress);
    case 'libretranslate':
      return libreTranslateFromEnv(env, egress);
    case 'apertium':
      return apertiumFromEnv(env, log);
  }
}

/** The names of `TRANSLATORS`, in order, each once; unknown ones throw. */
export function readTranslatorsList(text: string): RoutableEngine[] {
  const names = [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== ''),
    ),
  ];
  for (const name of names) {
    if (!(name in ROUTABLE_ENGINES)) {
      throw new Error(
        `Invalid TRANSLATORS entry: ${name} (${Object.keys(ROUTABLE_ENGINES).join(', ')})`,
      );
    }
  }
  if (names.length === 0) throw new Error('TRANSLATORS names no engine');
  return names as RoutableEngine[];
}

/**
 * TRANSLATORS=deepl,libretranslate,apertium: the engines in that order behind one router, each
 * configured by its own settings, each with its optional `<PREFIX>_DAILY_CHAR_CAP`;
 * TRANSLATION_ENGINE_TIMEOUT_MS bounds one engine's attempt (default 3 s). Every hosted engine
 * connects through `egress` (http/engineEgress.ts: the server's guard with the operator's
 * ENGINE_PRIVATE_HOSTS).
 */
export function translationRouterFromEnv(
  env: NodeJS.ProcessEnv,
  egress: EgressGuard,
  log?: ApyLog,
  usage?: EngineUsageLedger,
): TranslationRouter {
  const engines: RoutedEngine[] = [];
  try {
    for (const name of readTranslatorsList(env.TRANSLATORS ?? '')) {
      const capName = `${ROUTABLE_ENGINES[name]}_DAILY_CHAR_CAP`;
      const dailyCharacterCap = readPositive(env[capName], undefined, capName);
      engines.push({
        translator: engineFromEnv(name, env, egress, log),
        offline: name === 'apertium',
        dailyCharacterCap,
      });
    }
  } catch (error) {
    // Engines already started (apertium-apy) must not outlive a refused configuration.
    for (const entry of engines) void entry.translator.close();
    throw error;
  }
  return new TranslationRouter(engines, {
    usage,
    engineTimeoutMs: readPositive(
      env.TRANSLATION_ENGINE_TIMEOUT_MS,
      undefined,
      'TRANSLATION_ENGINE_TIMEOUT_MS',
    ),
    onEngineFailure: (engine, error) =>
      log?.warn(
        { engine, failure: error.failure, err: error },
        'translation engine failed, trying the next',
      ),
  });
}
