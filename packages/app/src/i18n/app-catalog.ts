/**
 * The app's own catalog (issue 27), registered with the interface locale beside the sdk's and the
 * ui's. English ships with the source; each other locale is one chunk (src/i18n/compiled/<locale>.ts)
 * downloaded only when the interface switches to it.
 */
import { catalogI18n, defineCatalog, type I18n } from '@parley/chat-sdk/i18n';
import { messages as english } from './compiled/en';

const APP_CATALOG = defineCatalog('app', english, {
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

export const appCatalog = (): I18n => catalogI18n(APP_CATALOG);
