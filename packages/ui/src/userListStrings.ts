// Kept apart from strings.ts (as messageActionStrings.ts is): the sign-in pages load that catalog,
// and these words are on signed-in pages' user lists only.
import { localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of the user lists' extras (issue 25): a person's language chips. */
export const USER_LIST_SOURCE = {
  /** Read before a person's language chips: 'Languages: Español'. */
  languagesLabel: 'Languages:',
} as const;

export const USER_LIST_STRINGS = localize('ui.userList', USER_LIST_SOURCE, uiCatalog());
