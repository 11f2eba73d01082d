// Kept apart from strings.ts (as messageActionStrings.ts is): the sign-in pages load that catalog,
// and these words are on signed-in pages' user lists only.
/** Strings of the user lists' extras (issue 25): a person's language chips. */
export const USER_LIST_STRINGS = {
  /** Read before a person's language chips: 'Languages: Español'. */
  languagesLabel: 'Languages:',
} as const;
