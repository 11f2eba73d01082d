/**
 * Dates, times, sizes and prices in the interface's language (issue 27): `Intl` in `interfaceLocale()`, never the
 * browser's default (a Spanish interface in an English browser reads '9 ene', not 'Jan 9').
 */
import {
  formatFileSize as formatFileSizeAsSpec,
  formatMessageTime as formatMessageTimeAsSpec,
} from '@parley/chat-sdk';
import { interfaceLocale, localeDirection, SOURCE_LOCALE } from '@parley/chat-sdk/i18n';

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

/**
 * The direction a formatted time is laid out in: left to right for the spec's English times (also
 * inside right-to-left text), right to left for an Arabic interface, whose dates Intl writes with
 * right-to-left marks between their parts ('03‏/02‏/2025') that a forced ltr would scramble.
 */
export function timeDirection(): 'ltr' | 'rtl' {
  return localeDirection(interfaceLocale());
}

/**
 * A file's size as the spec shows it ('12.3 KB', §9) in English; in another interface language the
 * same figure with its own decimal sign and unit ('12,3 kB').
 */
export function formatFileSize(bytes: number): string {
  const locale = interfaceLocale();
  if (locale === SOURCE_LOCALE) return formatFileSizeAsSpec(bytes);
  const kb = Number.isFinite(bytes) && bytes > 0 ? bytes / 1024 : 0;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilobyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(kb);
}

/**
 * A price in US dollars: the spec's '$9.99' (and '$5', no '.00') in English, the interface
 * language's own currency format otherwise ('9,99 US$').
 */
export function formatUsd(cents: number): string {
  const locale = interfaceLocale();
  if (locale === SOURCE_LOCALE) return `$${(cents / 100).toFixed(2).replace(/\.00$/, '')}`;
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
