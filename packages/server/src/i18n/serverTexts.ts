/**
 * The server's words in each interface locale (issue 27). The interface's shared Lingui instance
 * serves one page in one locale; the server answers many people at once, so it keeps one instance
 * and one localized catalog per locale, built on first use. The sdk's messages (invalid
 * credentials, username taken…) come from the sdk's own catalog, so they have one translation.
 */
import { type I18n, setupI18n } from '@lingui/core';
import {
  type CompiledMessages,
  INTERFACE_LOCALES,
  type InterfaceLocale,
  type Localized,
  localize,
  SDK_CATALOG,
  SDK_MESSAGE_SOURCE,
  SOURCE_LOCALE,
} from '@parley/chat-sdk';
import { messages as ar } from './compiled/ar.js';
import { messages as ca } from './compiled/ca.js';
import { messages as de } from './compiled/de.js';
import { messages as en } from './compiled/en.js';
import { messages as es } from './compiled/es.js';
import { messages as fr } from './compiled/fr.js';
import { messages as hi } from './compiled/hi.js';
import { messages as it } from './compiled/it.js';
import { messages as pt } from './compiled/pt.js';
import { messages as zh } from './compiled/zh.js';
import { SERVER_MESSAGE_SOURCE } from './serverMessageSource.js';

const SERVER_COMPILED: Record<InterfaceLocale, CompiledMessages> = {
  en,
  es,
  fr,
  pt,
  de,
  it,
  ca,
  ar,
  hi,
  zh,
};

export interface LocaleTexts {
  locale: InterfaceLocale;
  i18n: I18n;
  server: Localized<typeof SERVER_MESSAGE_SOURCE>;
  sdk: Localized<typeof SDK_MESSAGE_SOURCE>;
}

const sdkMessages = new Map<InterfaceLocale, CompiledMessages>();
const cache = new Map<InterfaceLocale, LocaleTexts>();

/**
 * Loads the sdk's compiled messages of every locale (the sdk keeps each in a chunk of its own).
 * Called once as the server starts; until then the sdk's messages read in English.
 */
export async function loadSdkTexts(): Promise<void> {
  if (sdkMessages.size === INTERFACE_LOCALES.length) return;
  await Promise.all(
    INTERFACE_LOCALES.map(async (locale) => {
      sdkMessages.set(locale, { ...SDK_CATALOG.english, ...(await SDK_CATALOG.load(locale)) });
    }),
  );
  cache.clear();
}

/** The server's (and the sdk's) words in `locale`. */
export function textsFor(locale: InterfaceLocale): LocaleTexts {
  const known = cache.get(locale);
  if (known) return known;
  const messages = {
    ...SERVER_COMPILED[SOURCE_LOCALE],
    ...(sdkMessages.get(locale) ?? SDK_CATALOG.english),
    ...SERVER_COMPILED[locale],
  };
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  // Every message with placeholders is compiled by `pnpm i18n:compile`; a string is plain text.
  i18n.setMessagesCompiler((message) => [message]);
  const texts: LocaleTexts = {
    locale,
    i18n,
    server: localize('server', SERVER_MESSAGE_SOURCE, i18n),
    sdk: localize('sdk', SDK_MESSAGE_SOURCE, i18n),
  };
  if (sdkMessages.size > 0 || locale === SOURCE_LOCALE) cache.set(locale, texts);
  return texts;
}
