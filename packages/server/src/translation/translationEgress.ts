import ipaddr from 'ipaddr.js';
import { type EgressGuard, egressAddressRefusal } from '../http/egressGuard.js';
import type { ApyLog } from './apyProcess.js';

/**
 * The egress guard the translation engines use: the server's one guard (private, loopback,
 * link-local … refused at connect time), plus the hosts the operator names in
 * TRANSLATION_PRIVATE_HOSTS. Engine endpoints come from the operator's settings, never from a
 * person's input, so an operator who runs LibreTranslate on 127.0.0.1 or a DeepL proxy on 10.0.0.5
 * lists exactly that host; every other host an engine might be sent to stays checked, and the
 * guard of push endpoints and link previews never gets the list. Apertium's apertium-apy is a
 * child process the server starts on loopback itself, not an outside fetch: it needs no entry.
 */
export function translationEgressFromEnv(
  env: NodeJS.ProcessEnv,
  egress: EgressGuard,
  log?: ApyLog,
): EgressGuard {
  const hosts = readPrivateHosts(env.TRANSLATION_PRIVATE_HOSTS);
  warnAboutUnlistedEndpoints(env, hosts, log);
  return egress.forTranslationEngines(hosts);
}

/** `TRANSLATION_PRIVATE_HOSTS=127.0.0.1,translate.internal`: names or IP literals, no scheme or port. */
export function readPrivateHosts(text: string | undefined): string[] {
  const hosts = (text ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  for (const host of hosts) {
    const literal = ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
    if (!literal && !/^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_.])?$/.test(host)) {
      throw new Error(
        `Invalid TRANSLATION_PRIVATE_HOSTS entry: ${host} (a host name or IP address, without scheme or port)`,
      );
    }
  }
  return hosts;
}

/** The endpoint settings an operator may point at their own network. */
const ENDPOINT_SETTINGS = [
  'LIBRETRANSLATE_URL',
  'DEEPL_SERVER_URL',
  'AZURE_TRANSLATOR_ENDPOINT',
  'AMAZON_TRANSLATE_ENDPOINT',
  'GOOGLE_CLOUD_TRANSLATE_ENDPOINT',
] as const;

/**
 * Says at start what would otherwise only show as failed translations: an endpoint written as a
 * private or loopback address (or `localhost`) that TRANSLATION_PRIVATE_HOSTS does not list.
 */
function warnAboutUnlistedEndpoints(
  env: NodeJS.ProcessEnv,
  hosts: readonly string[],
  log: ApyLog | undefined,
): void {
  if (!log) return;
  for (const setting of ENDPOINT_SETTINGS) {
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
        'translation endpoint is on a private or loopback address: the egress guard refuses it unless TRANSLATION_PRIVATE_HOSTS lists the host',
      );
    }
  }
}
