/** The server's source catalog for `pnpm i18n:compile` and its check (namespace → source). */
import { SERVER_MESSAGE_SOURCE } from './serverMessageSource.js';

export const CATALOG_SOURCES = { server: SERVER_MESSAGE_SOURCE };
