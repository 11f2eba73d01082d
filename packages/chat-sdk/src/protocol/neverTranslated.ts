/**
 * Parley extension (issue 26, docs/protocol.md "Never translated"): the sender's glossary of
 * words never translated. Each word of a message the sender writes that is in their list reaches
 * every reader as written ('tapas' stays 'tapas'). A spec-only backend has none of these paths;
 * the client then hides the Settings section.
 */
export const NEVER_TRANSLATED_PATHS = {
  /** GET: the signed-in person's words. POST {word}: adds one. Both answer the whole list. */
  words: '/accounts/never-translated/',
  /** POST {word}: removes one (compared without regard to case); answers the whole list. */
  remove: '/accounts/never-translated/remove/',
} as const;

export const NEVER_TRANSLATED_LIMITS = {
  /** Characters of one word or phrase, after trimming. */
  wordMaxLength: 64,
  /** Words one person may keep. */
  maxWords: 200,
} as const;

/** Body of both POSTs. */
export interface NeverTranslatedRequest {
  word: string;
}

/** Answer of all three calls: the person's words, oldest first. */
export interface NeverTranslatedResponse {
  words: string[];
}

/**
 * The word as it is stored and compared, or null when it cannot be one: trimmed, inner runs of
 * spaces made one, no line breaks or control characters, within the length limit.
 */
export function normalizeNeverTranslatedWord(value: string): string | null {
  // ⟦ ⟧ are the translation's stand-in brackets: a word made of them could never match.
  if (/[\p{Cc}\p{Cf}\u2028\u2029⟦⟧]/u.test(value.trim())) return null;
  const word = value.trim().replace(/\s+/gu, ' ');
  if (word === '' || word.length > NEVER_TRANSLATED_LIMITS.wordMaxLength) return null;
  return word;
}
