/**
 * Dates and times in the interface's language (issue 27): `Intl` in `interfaceLocale()`, never the
 * browser's default (a Spanish interface in an English browser reads '9 ene', not 'Jan 9').
 */
import { formatMessageTime as formatMessageTimeAsSpec } from '@parley/chat-sdk';
import { interfaceLocale, SOURCE_LOCALE } from '@parley/chat-sdk/i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached `Intl.DateTimeFormat` of the interface locale (a format is costly to build). */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = interfaceLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * A message's time as the spec shows it (§9: 'HH:MM' today, 'D Mon' this year, 'DD/MM/YYYY'
 * before): in English exactly the spec's text (the sdk's formatMessageTime), in another interface
 * language the same three steps written the way that language writes them.
 */
export function formatMessageTime(at: Date | string | number, now: Date = new Date()): string {
  if (interfaceLocale() === SOURCE_LOCALE) return formatMessageTimeAsSpec(at, now);
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  if (sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate()) {
    return dateTimeFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  }
  if (sameYear) return dateTimeFormat({ day: 'numeric', month: 'short' }).format(date);
  return dateTimeFormat({ day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}
