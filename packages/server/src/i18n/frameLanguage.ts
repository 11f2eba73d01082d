/**
 * Socket frames in the reader's language (issue 27): the server's own words in an `error` frame's
 * `detail`, a `tier_limit_warning`'s title and message and a `subscription_required`'s detail are
 * written again in the socket's locale — the one the upgrade request's Accept-Language names (a
 * browser sends it), else the person's chosen interface language, else the spec's English.
 */
import {
  type InterfaceLocale,
  matchInterfaceLocale,
  negotiateInterfaceLocale,
  parseAcceptLanguage,
  type ServerFrame,
  SOURCE_LOCALE,
} from '@parley/chat-sdk';
import type { UserRow } from '../db/schema.js';
import { translateText } from './answerLanguage.js';

export function socketLocale(
  acceptLanguage: string | undefined,
  user: Pick<UserRow, 'interfaceLanguage'>,
): InterfaceLocale {
  return (
    negotiateInterfaceLocale(parseAcceptLanguage(acceptLanguage)) ??
    matchInterfaceLocale(user.interfaceLanguage) ??
    SOURCE_LOCALE
  );
}

// Frames are often serialised once for every reader: only these are read back to be translated.
const WORDED = /^\{"type":"(error|tier_limit_warning|subscription_required)"/;

/** `frame` with the server's words in `locale` (the same frame when there is nothing to word). */
export function localizeFrame(
  frame: ServerFrame | string,
  locale: InterfaceLocale,
): ServerFrame | string {
  if (locale === SOURCE_LOCALE) return frame;
  if (typeof frame === 'string') {
    if (!WORDED.test(frame)) return frame;
    const parsed = JSON.parse(frame) as ServerFrame;
    const worded = localizeFrame(parsed, locale);
    return worded === parsed ? frame : JSON.stringify(worded);
  }
  switch (frame.type) {
    case 'error':
    case 'subscription_required':
      return frame.detail ? { ...frame, detail: translateText(frame.detail, locale) } : frame;
    case 'tier_limit_warning':
      return {
        ...frame,
        title: translateText(frame.title, locale),
        message: translateText(frame.message, locale),
      };
    default:
      return frame;
  }
}
