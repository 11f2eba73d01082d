/**
 * What must never be translated (issue 26): names of the people in the conversation, @mentions,
 * URLs, e-mail addresses, numbers, times and dates, emoji, code spans between backticks and the
 * sender's glossary. Each such token is swapped for a numbered stand-in `⟦n⟧` that engines pass
 * through (Apertium treats it as unknown punctuation and digits), and put back byte for byte.
 *
 * The sender marks a word by itself with backticks (`tapas`), the convention chat people already
 * read as "verbatim", or once and for all with their glossary ('Words never translated').
 */

/** Words and names protected for one call, besides what the patterns find. */
export interface ProtectedWords {
  /** People in the conversation (usernames, first names): matched as written or capitalised. */
  names?: readonly string[];
  /** The sender's glossary: matched whatever the case, as whole words. */
  glossary?: readonly string[];
}

export interface ShieldedText {
  /** The text the engine sees. */
  text: string;
  /** The original tokens, in order: `⟦i⟧` stands for tokens[i]. */
  tokens: string[];
  /** Where each stand-in sat in `text`, as a share of its length (to put back a lost one). */
  positions: number[];
}

const WORD_EDGE_BEFORE = '(?<![\\p{L}\\p{M}\\p{N}_])';
const WORD_EDGE_AFTER = '(?![\\p{L}\\p{M}\\p{N}_])';

/** Stand-in brackets already in the text: protected as they are, so they never look like ours. */
const LOOKALIKE = '[⟦⟧\\uE000]+';
const CODE_SPAN = '`[^`\\n]+`';
/** Up to the first space or angle bracket, without trailing sentence punctuation. */
const URL = '(?:https?:\\/\\/|www\\.)[^\\s<>⟦⟧]*[^\\s<>⟦⟧.,;:!?)\\]}\'"]';
const EMAIL =
  '(?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.\\p{L}{2,}';
/** `@name` as people type it (the same characters the mention picker offers). */
const MENTION = '(?<![\\p{L}\\p{N}_@.+-])@[\\p{L}\\p{M}\\p{N}_+-]+(?:\\.[\\p{L}\\p{M}\\p{N}_+-]+)*';
/** Keycaps, flags, and pictographs with their skin tones, variation selectors and ZWJ joins. */
const EMOJI_UNIT =
  '(?:[0-9#*]\\uFE0F?\\u20E3|\\p{RI}\\p{RI}|\\p{Extended_Pictographic}[\\uFE0F\\p{EMod}]*(?:\\u200D\\p{Extended_Pictographic}[\\uFE0F\\p{EMod}]*)*)';
const EMOJI = `${EMOJI_UNIT}+`;
const AM_PM = '(?:\\s?(?:[aApP]\\.?[mM]\\.?)(?![\\p{L}]))';
/** 2026-11-26, 26/11/2026, 26.11.2026, 11/26. */
const DATE = `${WORD_EDGE_BEFORE}(?:\\d{4}-\\d{1,2}-\\d{1,2}|\\d{1,2}[/.]\\d{1,2}(?:[/.]\\d{2,4})?)${WORD_EDGE_AFTER}`;
/** 10:00, 10:00:30, 10:00 pm, 3pm, 3 p.m. */
const TIME = `${WORD_EDGE_BEFORE}(?:\\d{1,2}[:h]\\d{2}(?::\\d{2})?${AM_PM}?|\\d{1,2}${AM_PM})`;
/** Any word with a digit in it, whole (12, 3.5, 1,000, mp3, B2B, 4ever, 2x). */
const NUMBERED_WORD =
  '(?<![\\p{L}\\p{M}\\p{N}_])[\\p{L}\\p{M}\\p{N}_]*\\p{N}[\\p{L}\\p{M}\\p{N}_]*(?:[.,]\\p{N}+)*';

/**
 * Patterns that can start inside a run of letters are anchored to the run's start (a lookbehind),
 * so a 10 000-letter word costs one scan, not one per letter.
 */
/** Earlier alternatives win at the same position: a URL's digits stay in the URL. */
const FIXED_PATTERNS = [LOOKALIKE, CODE_SPAN, URL, EMAIL, MENTION, DATE, TIME, EMOJI];

function escapeForPattern(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function capitalised(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

/** Longest first, so 'Ana María' wins over 'Ana'. */
function wordAlternatives(
  words: Iterable<string>,
  spell: (escaped: string) => string = (escaped) => escaped,
): string | null {
  const unique = [...new Set([...words].map((w) => w.trim()).filter((w) => w !== ''))];
  if (unique.length === 0) return null;
  unique.sort((a, b) => b.length - a.length);
  return `${WORD_EDGE_BEFORE}(?:${unique.map((w) => spell(escapeForPattern(w))).join('|')})${WORD_EDGE_AFTER}`;
}

/** Each letter as a class of its two cases: Node 20 has no inline (?i:) groups. */
function anyCase(pattern: string): string {
  return pattern.replace(/\p{L}/gu, (ch) => {
    const lower = ch.toLocaleLowerCase();
    const upper = ch.toLocaleUpperCase();
    return lower === upper || lower.length !== 1 || upper.length !== 1 ? ch : `[${lower}${upper}]`;
  });
}

/**
 * Three patterns tried together as one alternation would be, in this order: the fixed patterns,
 * then the conversation's names and the sender's glossary, then bare numbers ('R2D2' in a
 * glossary stays one token). The fixed ones (large Unicode classes) are compiled once; only the
 * names and glossary differ from room to room and sender to sender, and their small pattern is
 * kept for the next message. Compiling the whole alternation per room cost a third of the server's
 * CPU with translation on (docs/performance.md, "Fan-out, round two").
 */
const FIXED = new RegExp(FIXED_PATTERNS.map((p) => `(?:${p})`).join('|'), 'gu');
const NUMBERED = new RegExp(NUMBERED_WORD, 'gu');
const MAX_WORD_PATTERNS = 1_000;
const wordPatterns = new Map<string, RegExp | null>();

function wordsPattern(words: ProtectedWords): RegExp | null {
  const names = words.names ?? [];
  const glossary = words.glossary ?? [];
  if (names.length === 0 && glossary.length === 0) return null;
  const key = JSON.stringify([names, glossary]);
  const known = wordPatterns.get(key);
  if (known !== undefined) return known;
  const namePattern = wordAlternatives(names.flatMap((name) => [name, capitalised(name)]));
  const glossaryPattern = wordAlternatives(glossary, anyCase);
  const parts = [namePattern, glossaryPattern].filter((p): p is string => p !== null);
  const pattern =
    parts.length === 0 ? null : new RegExp(parts.map((p) => `(?:${p})`).join('|'), 'gu');
  if (wordPatterns.size >= MAX_WORD_PATTERNS) wordPatterns.clear();
  wordPatterns.set(key, pattern);
  return pattern;
}

/**
 * The protected tokens of `text`, left to right, exactly as the single alternation
 * `fixed | names | glossary | numbers` would match them: at each step every pattern's leftmost
 * match from the cursor, the earliest start winning and, at the same start, the earlier pattern.
 * (Where a pattern matches at a position does not depend on where its search began.)
 */
function protectedTokens(text: string, words: ProtectedWords): { at: number; token: string }[] {
  const order = [FIXED, wordsPattern(words), NUMBERED].filter((p): p is RegExp => p !== null);
  const next: (RegExpExecArray | null | undefined)[] = order.map(() => undefined);
  const found: { at: number; token: string }[] = [];
  let cursor = 0;
  while (cursor <= text.length) {
    let best: RegExpExecArray | null = null;
    let bestIndex = -1;
    for (let k = 0; k < order.length; k += 1) {
      let match = next[k];
      if (match === undefined || (match !== null && match.index < cursor)) {
        const pattern = order[k] as RegExp;
        pattern.lastIndex = cursor;
        match = pattern.exec(text);
        next[k] = match;
      }
      if (match && (best === null || match.index < best.index)) {
        best = match;
        bestIndex = k;
      }
    }
    if (!best) break;
    next[bestIndex] = undefined;
    const token = best[0];
    if (token === '') {
      // No pattern matches nothing; should one ever, step over one character.
      cursor = best.index + ((text.codePointAt(best.index) ?? 0) > 0xffff ? 2 : 1);
      continue;
    }
    found.push({ at: best.index, token });
    cursor = best.index + token.length;
  }
  return found;
}

/** The text with every protected token swapped for `⟦n⟧`. */
export function shieldText(text: string, words: ProtectedWords = {}): ShieldedText {
  const tokens: string[] = [];
  const starts: number[] = [];
  let shielded = '';
  let last = 0;
  for (const { at, token } of protectedTokens(text, words)) {
    shielded += text.slice(last, at);
    starts.push(shielded.length);
    shielded += `⟦${tokens.length}⟧`;
    tokens.push(token);
    last = at + token.length;
  }
  shielded += text.slice(last);
  const length = Math.max(shielded.length, 1);
  // A token with no words after it (or before it) belongs at the end (or the start) whatever
  // the translation's length; others by their share of the text.
  // (Stand-ins hold no letters, so the first and last letter of the text say it in one scan.)
  const firstLetter = shielded.search(/\p{L}/u);
  const lastLetter = firstLetter < 0 ? -1 : lastLetterIndex(shielded);
  const positions = starts.map((start) => {
    if (lastLetter < start) return 1;
    if (firstLetter > start) return 0;
    return start / length;
  });
  return { text: shielded, tokens, positions };
}

function lastLetterIndex(text: string): number {
  for (let at = text.length - 1; at >= 0; at -= 1) {
    if (/\p{L}/u.test(text.charAt(at))) return at;
  }
  return -1;
}

/** Whether the engine has nothing to translate (only stand-ins, spaces and punctuation). */
export function onlyStandIns(shielded: ShieldedText): boolean {
  return !/[\p{L}]/u.test(shielded.text.replace(STAND_IN, ''));
}

/** A stand-in as engines give it back: spaces may creep inside the brackets. */
const STAND_IN = /⟦\s*(\d+)\s*⟧/g;
/** Half a stand-in (one bracket lost), read only once the whole ones are done. */
const HALF_STAND_IN = /⟦\s*(\d+)|(\d+)\s*⟧/g;
/** A number standing alone (not inside a mark, a word or another number). */
const BARE_NUMBER = /(?<![\p{L}\p{M}\p{N}_\uE000.,])\d+(?![\p{L}\p{M}\p{N}_\uE000]|[.,]\d)/gu;
/** Marks a token's place until the last pass; the original's own are protected tokens. */
const MARK = '\uE000';

/** The nearest word boundary (or the end) to a share of the text's length. */
function insertionPoint(text: string, share: number): number {
  const target = Math.round(share * text.length);
  if (target <= 0) return 0;
  if (target >= text.length) return text.length;
  for (let d = 0; d <= text.length; d += 1) {
    for (const at of [target + d, target - d]) {
      if (at <= 0) return 0;
      if (at >= text.length) return text.length;
      if (/\s/.test(text.charAt(at))) return at;
    }
  }
  return text.length;
}

/**
 * The translation with every token put back byte for byte. A stand-in the engine repeated is
 * kept once; one it lost or mangled beyond reading is put back where it sat in the original
 * (by its share of the length, at the nearest space), so no name, link or number is ever lost.
 */
export function restoreText(translated: string, shielded: ShieldedText): string {
  const { tokens } = shielded;
  if (tokens.length === 0) return translated;
  const placed = new Set<number>();
  // Tokens go back as numbered marks first (digits inside a token must not be read as a
  // stand-in), and become the tokens in one last pass.
  const mark = (_match: string, a?: string, b?: string): string => {
    const at = Number(a ?? b);
    if (tokens[at] === undefined || placed.has(at)) return '';
    placed.add(at);
    return `${MARK}${at}${MARK}`;
  };
  let text = translated.replace(STAND_IN, mark).replace(HALF_STAND_IN, mark);
  // Brackets left over are ours (the original's own are protected tokens): drop them.
  text = text.replace(/[⟦⟧]/g, '');
  // Every number in the text the engine saw was a stand-in, so a bare number is one whose
  // brackets the engine moved ('⟦0⟧ minuts' → '0 minutes from ⟦now⟧'): it goes back there.
  text = text.replace(BARE_NUMBER, (match) => {
    const at = Number(match);
    return tokens[at] === undefined || placed.has(at) ? match : mark(match, match);
  });
  // Every lost token's place is found in the text as it stands, then all go in in one pass
  // (one at a time would cost the text's length per token).
  const plain = text.replace(/\uE000\d+\uE000/g, (m) => 'x'.repeat(m.length));
  const lost = new Map<number, number[]>();
  for (let i = 0; i < tokens.length; i += 1) {
    if (placed.has(i)) continue;
    const at = insertionPoint(plain, shielded.positions[i] ?? 1);
    const here = lost.get(at);
    if (here) here.push(i);
    else lost.set(at, [i]);
  }
  if (lost.size > 0) {
    let rebuilt = '';
    let last = 0;
    for (const at of [...lost.keys()].sort((a, b) => a - b)) {
      const marks = (lost.get(at) ?? []).map((i) => `${MARK}${i}${MARK}`).join(' ');
      const before = at > 0 && !/\s/.test(text.charAt(at - 1)) ? ' ' : '';
      const after = at < text.length && !/\s/.test(text.charAt(at)) ? ' ' : '';
      rebuilt += `${text.slice(last, at)}${before}${marks}${after}`;
      last = at;
    }
    text = rebuilt + text.slice(last);
  }
  return text.replace(/\uE000(\d+)\uE000/g, (_m, index: string) => tokens[Number(index)] ?? '');
}
