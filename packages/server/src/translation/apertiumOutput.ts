// Apertium prefixes words it could not translate with `*` (unknown), `@` (no transfer) or
// `#` (no generation). A mark is only removed when the marked token is not in the user's own
// text, so @mentions, #hashtags and *emphasis* the sender typed survive.
const MARKED_WORD = /[*@#]([\p{L}\p{N}][\p{L}\p{N}\p{M}_'’-]*)/gu;

/** The translation without Apertium's `*`, `@` and `#` word marks. */
export function stripUnknownWordMarks(translated: string, original: string): string {
  return translated.replace(MARKED_WORD, (marked: string, word: string) =>
    original.includes(marked) ? marked : word,
  );
}

/**
 * What users see of an Apertium translation: no word marks, and none of the stray spaces its
 * transfer rules leave (a leading space, doubled spaces) unless the sender typed them.
 */
export function cleanApertiumOutput(translated: string, original: string): string {
  let text = stripUnknownWordMarks(translated, original);
  if (!/ {2}/.test(original)) text = text.replace(/ {2,}/g, ' ');
  if (original.trim() === original) text = text.trim();
  return text;
}
