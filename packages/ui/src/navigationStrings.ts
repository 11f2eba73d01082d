// Kept apart from strings.ts: the words of the signed-in pages' navigation (top bar, identity
// menu, phone bottom bar).
/** Strings of the way around the signed-in app. */
export const NAVIGATION_STRINGS = {
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
  accountMenu: (username: string) => `${username}, account menu`,
  /** Read after the name the button shows. */
  accountMenuSuffix: ', account menu',
  handle: (username: string) => `@${username}`,
} as const;
