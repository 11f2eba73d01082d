// Kept apart from strings.ts: the words of the signed-in pages' navigation (top bar, identity
// menu, phone bottom bar).
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of the way around the signed-in app (English source; see src/i18n). */
export const NAVIGATION_SOURCE = {
  /** The top bar's and the bottom bar's landmark names. */
  mainNav: 'Main',
  bottomNav: 'Sections',
  chats: 'Chats',
  posts: 'Posts',
  dashboard: 'Dashboard',
  profile: 'Profile',
  settings: 'Settings',
  /** Issue 29: moderators' and staff's way to the review queue. */
  moderation: 'Moderation',
  logout: 'Logout',
  /** The identity menu's button: whose menu it is (starts with the name it shows). */
  accountMenu: icu('{username}, account menu', (username: string) => ({ username })),
  /** Read after the name the button shows. */
  accountMenuSuffix: ', account menu',
  handle: icu('@{username}', (username: string) => ({ username })),
} as const;

export const NAVIGATION_STRINGS = localize('ui.navigation', NAVIGATION_SOURCE, uiCatalog());
