/**
 * Server answers in the requester's language (issue 27). Routes keep answering with the spec's
 * English; for an error answer this hook writes each `detail` (and each field error) again in the
 * requester's interface locale: the one their `Accept-Language` names, else the one they chose in
 * Settings when signed in, else English — so a client that does not ask reads the spec's English,
 * byte for byte. Error answers say `Vary: Accept-Language`.
 */
import {
  formatMessage,
  type InterfaceLocale,
  matchInterfaceLocale,
  negotiateInterfaceLocale,
  parseAcceptLanguage,
  SOURCE_LOCALE,
} from '@parley/chat-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchEnglishText } from './englishTextMatcher.js';
import { textsFor } from './serverTexts.js';

/** The locale an answer to `request` is written in. */
export function answerLocale(request: FastifyRequest): InterfaceLocale {
  return (
    negotiateInterfaceLocale(parseAcceptLanguage(request.headers['accept-language'])) ??
    matchInterfaceLocale(request.account?.interfaceLanguage) ??
    SOURCE_LOCALE
  );
}

/** Adds Accept-Language to the answer's Vary header (keeping what is there). */
export function varyOnLanguage(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = typeof current === 'string' && current !== '' ? current.split(/\s*,\s*/) : [];
  if (names.some((name) => name.toLowerCase() === 'accept-language' || name === '*')) return;
  reply.header('vary', [...names, 'Accept-Language'].join(', '));
}

/** `text` (English, as a route wrote it) in `locale`; a text the catalog lacks stays as it is. */
export function translateText(text: string, locale: InterfaceLocale, depth = 0): string {
  if (locale === SOURCE_LOCALE) return text;
  const match = matchEnglishText(text);
  if (!match) return text;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(match.values)) {
    // A value may itself be a message ('5 minutes' in 'Try again in 5 minutes.').
    values[name] = typeof value === 'string' && depth < 1 ? translateText(value, locale, 1) : value;
  }
  // Values (a name, a path someone typed) pass through exactly: formatMessage keeps Lingui's
  // escape decoding away from them, so 'C:\x41' stays 'C:\x41'.
  return formatMessage(textsFor(locale).i18n, match.id, match.message, values);
}

function translateAnswer(body: Record<string, unknown>, locale: InterfaceLocale) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && key === 'detail') out[key] = translateText(value, locale);
    else if (Array.isArray(value))
      out[key] = value.map((item) =>
        typeof item === 'string' ? translateText(item, locale) : item,
      );
    else out[key] = value;
  }
  return out;
}

export function installAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || typeof payload !== 'object' || payload === null) return payload;
    if (Array.isArray(payload)) return payload;
    varyOnLanguage(reply);
    const locale = answerLocale(request);
    return locale === SOURCE_LOCALE
      ? payload
      : translateAnswer(payload as Record<string, unknown>, locale);
  });
}
