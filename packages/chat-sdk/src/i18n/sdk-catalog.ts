/** The sdk's own catalog (its few user-facing messages), registered with the interface locale. */
import type { I18n } from '@lingui/core';
import { messages as english } from './compiled/en';
import { interfaceI18n, registerCatalog } from './interface-locale';
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

export function sdkCatalog(): I18n {
  registerCatalog({
    namespace: 'sdk',
    english,
    load: async (locale) => (locale === 'en' ? {} : (await LOADERS[locale]()).messages),
  });
  return interfaceI18n;
}
