/**
 * The app's own catalog (issue 27), registered with the interface locale beside the sdk's and the
 * ui's. English ships with the source; each other locale is one chunk (src/i18n/compiled/<locale>.ts)
 * downloaded only when the interface switches to it.
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

export function appCatalog(): I18n {
  if (!registered) {
    registered = true;
    registerCatalog({
      namespace: 'app',
      english,
      load: async (locale) => (locale === 'en' ? {} : (await LOADERS[locale]()).messages),
    });
  }
  return interfaceI18n;
}
