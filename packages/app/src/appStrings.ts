/**
 * Words the app shows itself, outside the ui library's screens (whose words are the ui's catalog).
 * Kept here rather than imported from the ui so the signed-in chunk that sets the tab's title does
 * not pull the ui's catalog in. The app's source catalog (issue 27, namespace 'app', see src/i18n):
 * English here, translated in src/i18n/messages, read through APP_STRINGS in the interface's locale.
 */
import { icu, localize } from '@parley/chat-sdk/i18n';
import { appCatalog } from './i18n/app-catalog';

export const APP_STRING_SOURCE = {
  /** The tab's title with the unread total (issue 25): '(3) Parley', '(99+) Parley'. */
  unreadTitle: icu('({count}) {title}', (count: string, title: string) => ({ count, title })),
} as const;

export const APP_STRINGS = localize('app', APP_STRING_SOURCE, appCatalog());
