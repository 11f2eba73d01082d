/** The sdk's own catalog (its few user-facing messages), registered with the interface locale. */
import type { I18n } from '@lingui/core';
import { messages as english } from './compiled/en';
import { catalogI18n, defineCatalog, type RegisteredCatalog } from './interface-locale';

/** The sdk's catalog; the server also loads it to answer in the requester's language. */
export const SDK_CATALOG: RegisteredCatalog = defineCatalog('sdk', english, {
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

export const sdkCatalog = (): I18n => catalogI18n(SDK_CATALOG);
