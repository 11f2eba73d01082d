/** The sdk's own catalog (its few user-facing messages), registered with the interface locale. */
import type { I18n } from '@lingui/core';
import { messages as english } from './compiled/en';
import { interfaceI18n, type RegisteredCatalog, registerCatalog } from './interface-locale';
import type { InterfaceLocale } from './locales';

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

/** The sdk's catalog; the server also loads it to answer in the requester's language. */
export const SDK_CATALOG: RegisteredCatalog = {
  namespace: 'sdk',
  english,
  load: async (locale) => (locale === 'en' ? {} : (await LOADERS[locale]()).messages),
};

export function sdkCatalog(): I18n {
  registerCatalog(SDK_CATALOG);
  return interfaceI18n;
}
