// Apertium prefixes words it could not translate with `*` (unknown), `@` (no transfer) or
// `#` (no generation); through a chain of pairs the marks pile up (`@**The`). A mark is only
// removed when the marked token is not in the user's own text, so @mentions, #hashtags and
// *emphasis* the sender typed survive.
const MARKED_WORD = /[*@#]+([\p{L}\p{N}][\p{L}\p{N}\p{M}_'’-]*)/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}_'’-]*/gu;

/** The marks the sender typed right before `word` ('@' of '@ana'), or ''. */
function typedMarks(original: string, word: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`([*@#]+)${escaped}(?![\\p{L}\\p{N}])`, 'u').exec(original)?.[1] ?? '';
}

/** Whether every character of `part` appears in `whole`, in order. */
function isSubsequence(part: string, whole: string): boolean {
  let at = 0;
  for (const char of whole) if (char === part[at]) at += 1;
  return at === part.length;
}

/** The translation without Apertium's `*`, `@` and `#` word marks. */
export function stripUnknownWordMarks(translated: string, original: string): string {
  return translated.replace(MARKED_WORD, (marked: string, word: string) => {
    if (original.includes(marked)) return marked;
    // '@*ana': the sender's '@' and Apertium's '*' (unknown); keep what the sender typed.
    const marks = marked.slice(0, marked.length - word.length);
    const typed = typedMarks(original, word);
    return typed !== '' && isSubsequence(typed, marks) ? typed + word : word;
  });
}

/** Above this share of marked words, a pivoted translation is treated as not worth showing. */
export const MAX_UNKNOWN_WORD_SHARE = 0.5;
/** Messages shorter than this many words are never judged: 'Hi Ana!' may well be all names. */
const MIN_JUDGED_WORDS = 3;

/**
 * The share (0–1) of the translation's words Apertium marked as unknown or untransferred,
 * leaving out marked tokens the sender typed as such (@mentions, #hashtags); 0 for texts under
 * three words.
 */
export function unknownWordShare(translated: string, original: string): number {
  const words = translated.match(WORD)?.length ?? 0;
  if (words < MIN_JUDGED_WORDS) return 0;
  let marked = 0;
  for (const match of translated.matchAll(MARKED_WORD)) {
    const [token, word = ''] = match;
    const typed = typedMarks(original, word);
    // Marks the sender typed ('@ana', '#news') are theirs, not the engine's.
    if (!original.includes(token) && token !== typed + word) marked += 1;
  }
  return marked / words;
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

/**
 * Issue 26: the words Apertium marked as unknown (`*word`) and left as written, without the
 * marks and once each, so readers can see them as untranslated rather than lose them silently.
 * Marks the sender typed (@mentions, #hashtags, *emphasis*) are not the engine's.
 */
export function unknownWords(translated: string, original: string): string[] {
  const words = new Set<string>();
  for (const match of translated.matchAll(MARKED_WORD)) {
    const [token, word = ''] = match;
    if (!token.includes('*')) continue;
    if (original.includes(token) || token === typedMarks(original, word) + word) continue;
    words.add(word);
  }
  return [...words];
}
