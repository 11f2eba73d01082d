/** The sdk's source catalog for `pnpm i18n:compile` and its check (namespace → source). */
import { SDK_MESSAGE_SOURCE } from '../messages';

export const CATALOG_SOURCES = { sdk: SDK_MESSAGE_SOURCE };
