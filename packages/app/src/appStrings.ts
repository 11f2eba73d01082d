/**
 * Words the app shows itself, outside the ui library's screens (whose words are the ui's
 * UI_STRINGS). Kept here rather than imported from the ui so the signed-in chunk that sets the
 * tab's title does not pull the ui's catalog in.
 */
export const APP_STRINGS = {
  /** The tab's title with the unread total (issue 25): '(3) Parley', '(99+) Parley'. */
  unreadTitle: (count: string, title: string) => `(${count}) ${title}`,
} as const;
