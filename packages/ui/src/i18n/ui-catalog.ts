/**
 * The ui's catalog (issue 27): every `*Strings.ts` module of this package is a part of it, read
 * through `localize(…, uiCatalog())`. English ships with the source; each other locale is one chunk
 * (src/i18n/compiled/<locale>.ts) downloaded when the interface switches to it.
 */
import {
  type I18n,
  type InterfaceLocale,
  interfaceI18n,
  registerCatalog,
} from '@parley/chat-sdk/i18n';
import { messages as english } from './compiled/en';

const LOADERS = {
  es: () => import('./compiled/es'),
  fr: () => import('./compiled/fr'),
  pt: () => import('./compiled/pt'),
  de: () => import('./compiled/de'),
  it: () => import('./compiled/it'),
  ca: () => import('./compiled/ca'),
  ar: () => import('./compiled/ar'),
  hi: () => import('./compiled/hi'),
  zh: () => import('./compiled/zh'),
} satisfies Record<Exclude<InterfaceLocale, 'en'>, () => Promise<unknown>>;

let registered = false;

export function uiCatalog(): I18n {
  if (!registered) {
    registered = true;
    registerCatalog({
      namespace: 'ui',
      english,
      load: async (locale) => (locale === 'en' ? {} : (await LOADERS[locale]()).messages),
    });
  }
  return interfaceI18n;
}
