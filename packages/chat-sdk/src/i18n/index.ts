export type { I18n } from '@lingui/core';
export type {
  CatalogLeaf,
  CatalogSource,
  CompiledMessages,
  IcuMessage,
  Localized,
  MessageValues,
} from './catalog';
export { formatMessage, icu, localize, sourceMessages } from './catalog';
export type { CatalogLoaders, RegisteredCatalog } from './interface-locale';
export {
  catalogI18n,
  defineCatalog,
  interfaceI18n,
  interfaceLocale,
  onInterfaceLocaleChange,
  registerCatalog,
  setInterfaceLocale,
} from './interface-locale';
export { displayLanguageName } from './language-names';
export type { InterfaceLocale, InterfaceLocaleChoice } from './locales';
export {
  CHAT_LANGUAGE_OF_LOCALE,
  chooseInterfaceLocale,
  INTERFACE_LOCALE_NAMES,
  INTERFACE_LOCALES,
  interfaceLocaleForLanguage,
  isInterfaceLocale,
  localeDirection,
  matchInterfaceLocale,
  negotiateInterfaceLocale,
  parseAcceptLanguage,
  SOURCE_LOCALE,
} from './locales';
export { SDK_CATALOG } from './sdk-catalog';
