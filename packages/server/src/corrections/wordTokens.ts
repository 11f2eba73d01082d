/** A word of the checked text that a spelling dictionary should judge. */
export interface WordToken {
  /** As written, for the answer. */
  text: string;
  /** NFC with straight apostrophes, the form dictionaries list ("don’t" → "don't"). */
  normalized: string;
  /** UTF-16 code units from the start of the text. */
  offset: number;
}

// Spans that look like words but are not prose: links, e-mail addresses, @mentions, #tags, and
// anything containing a digit ("3pm", "v2", "COVID19"). They are consumed whole and skipped.
const SKIPPED = String.raw`(?:https?:\/\/|www\.)[^\s<>"]+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|[@#][\p{L}\p{M}\p{N}_.]*|[\p{L}\p{M}\p{N}_]*\p{N}[\p{L}\p{M}\p{N}_]*`;
// Letters with their combining marks, joined by inner apostrophes ("don't", "aujourd’hui").
const WORD = String.raw`\p{L}\p{M}*(?:\p{L}\p{M}*|['’](?=\p{L}))*`;
const TOKEN = new RegExp(`(${SKIPPED})|(${WORD})`, 'gu');

const HAS_UPPER_AFTER_FIRST = /^.[^\p{Lu}]*\p{Lu}/u;

/**
 * The words worth checking, in text order. Besides the spans above it skips one-letter words,
 * ALL-CAPS acronyms ("NASA") and words with capitals inside ("iPhone", "McLaren"): dictionaries
 * do not know them, and flagging them would teach writers to ignore the underlines.
 */
export function wordTokens(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const word = match[2];
    if (word === undefined) continue;
    const normalized = word.normalize('NFC').replaceAll('’', "'");
    if ([...normalized].length < 2) continue;
    if (HAS_UPPER_AFTER_FIRST.test(normalized)) continue;
    tokens.push({ text: word, normalized, offset: match.index });
  }
  return tokens;
}
