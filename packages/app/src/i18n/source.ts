/** The app's source catalog for `pnpm i18n:compile` and its check (namespace → source). */
import { APP_STRING_SOURCE } from '../appStrings';

export const CATALOG_SOURCES = { app: APP_STRING_SOURCE };
