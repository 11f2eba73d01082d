/**
 * The ui's source catalog, for `pnpm i18n:compile` and its check: each part's namespace and its
 * English source. A new `*Strings.ts` module adds its line here.
 */
import { LOCALE_SOURCE } from '../localeStrings';
import { NAVIGATION_SOURCE } from '../navigationStrings';

export const CATALOG_SOURCES = {
  'ui.navigation': NAVIGATION_SOURCE,
  'ui.locale': LOCALE_SOURCE,
};
