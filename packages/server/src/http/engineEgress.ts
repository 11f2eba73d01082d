import ipaddr from 'ipaddr.js';
import { type EgressGuard, egressAddressRefusal } from './egressGuard.js';

/**
 * The egress guard the engines use (hosted translation engines, LanguageTool, the
 * OpenAI-compatible transcription and speech services): the server's one guard (private,
 * loopback, link-local … refused at connect time), plus the hosts the operator names in
 * ENGINE_PRIVATE_HOSTS. Engine endpoints come from the operator's settings, never from a person's
 * input, so an operator who runs LibreTranslate or LanguageTool on 127.0.0.1, a whisper server on
 * 10.0.0.7 or a DeepL proxy on 10.0.0.5 lists exactly that host; every other host an engine might
 * be sent to stays checked, and the guard of push endpoints and link previews never gets the list.
 * TRANSLATION_PRIVATE_HOSTS, the older name from when only translation engines had it, is still
 * read: the two lists add up. Processes the server starts itself on loopback (Apertium's
 * apertium-apy) are not outside fetches and need no entry.
 */

export interface EngineEgressLog {
  warn(details: object, message: string): void;
}

/** The setting, and the older name it still accepts. */
export const ENGINE_PRIVATE_HOSTS_SETTINGS = [
  'ENGINE_PRIVATE_HOSTS',
  'TRANSLATION_PRIVATE_HOSTS',
] as const;

/** The endpoint settings an operator may point at their own network, per engine kind. */
export const TRANSLATION_ENDPOINT_SETTINGS = [
  'LIBRETRANSLATE_URL',
  'DEEPL_SERVER_URL',
  'AZURE_TRANSLATOR_ENDPOINT',
  'AMAZON_TRANSLATE_ENDPOINT',
  'GOOGLE_CLOUD_TRANSLATE_ENDPOINT',
] as const;
export const CORRECTION_ENDPOINT_SETTINGS = ['LANGUAGETOOL_URL'] as const;
export const VOICE_ENDPOINT_SETTINGS = ['TRANSCRIPTION_URL', 'SPEECH_URL'] as const;

/**
 * The engines' guard for these endpoint settings: `egress` with the listed private hosts let
 * through. Warns at start about each of `endpointSettings` on a private address the list lacks.
 */
export function engineEgressFromEnv(
  env: NodeJS.ProcessEnv,
  egress: EgressGuard,
  endpointSettings: readonly string[],
  log?: EngineEgressLog,
): EgressGuard {
  const hosts = privateHostsFromEnv(env);
  warnAboutUnlistedEndpoints(env, hosts, endpointSettings, log);
  return egress.forEngines(hosts);
}

/** ENGINE_PRIVATE_HOSTS and TRANSLATION_PRIVATE_HOSTS together, each entry once. */
export function privateHostsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const hosts = ENGINE_PRIVATE_HOSTS_SETTINGS.flatMap((setting) =>
    readPrivateHosts(env[setting], setting),
  );
  return [...new Set(hosts)];
}

/** `ENGINE_PRIVATE_HOSTS=127.0.0.1,translate.internal`: names or IP literals, no scheme or port. */
export function readPrivateHosts(
  text: string | undefined,
  setting = 'ENGINE_PRIVATE_HOSTS',
): string[] {
  const hosts = (text ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  for (const host of hosts) {
    const literal = ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
    if (!literal && !/^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_.])?$/.test(host)) {
      throw new Error(
        `Invalid ${setting} entry: ${host} (a host name or IP address, without scheme or port)`,
      );
    }
  }
  return hosts;
}

/**
 * Says at start what would otherwise only show as failed translations, corrections or voice: an
 * endpoint written as a private or loopback address (or `localhost`) that the list does not name.
 */
function warnAboutUnlistedEndpoints(
  env: NodeJS.ProcessEnv,
  hosts: readonly string[],
  endpointSettings: readonly string[],
  log: EngineEgressLog | undefined,
): void {
  if (!log) return;
  for (const setting of endpointSettings) {
    const value = env[setting]?.trim();
    if (!value) continue;
    let host: string;
    try {
      host = new URL(value).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    } catch {
      continue;
    }
    const local =
      host === 'localhost' || (ipaddr.isValid(host) && egressAddressRefusal(host) !== null);
    if (local && !hosts.includes(host)) {
      log.warn(
        { setting, host },
        'engine endpoint is on a private or loopback address: the egress guard refuses it unless ENGINE_PRIVATE_HOSTS lists the host',
      );
    }
  }
}
