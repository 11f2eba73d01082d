/**
 * The ui's catalog (issue 27): every `*Strings.ts` module of this package is a part of it, read
 * through `localize(…, uiCatalog())`. English ships with the source; each other locale is one chunk
 * (src/i18n/compiled/<locale>.ts) downloaded when the interface switches to it.
 */
import { catalogI18n, defineCatalog, type I18n } from '@parley/chat-sdk/i18n';
import { messages as english } from './compiled/en';

const UI_CATALOG = defineCatalog('ui', english, {
  es: () => import('./compiled/es'),
  fr: () => import('./compiled/fr'),
  pt: () => import('./compiled/pt'),
  de: () => import('./compiled/de'),
  it: () => import('./compiled/it'),
  ca: () => import('./compiled/ca'),
  ar: () => import('./compiled/ar'),
  hi: () => import('./compiled/hi'),
  zh: () => import('./compiled/zh'),
});

export const uiCatalog = (): I18n => catalogI18n(UI_CATALOG);
