import type { MessageSearchMatch } from '@parley/chat-sdk';
import { foldAccents } from './searchFolding.js';

/**
 * The repository marks matched words with these two control characters (ts_headline's StartSel
 * and StopSel); the text is searched with any of them replaced by a space first, so every marker
 * in the answer is one the database put there.
 */
export const HIGHLIGHT_START = '\u0001';
export const HIGHLIGHT_STOP = '\u0002';

type Range = MessageSearchMatch['ranges'][number];

/** The text as the database highlighted it: the marker characters blanked (same length). */
function blankMarkers(text: string): string {
  return text.split(HIGHLIGHT_START).join(' ').split(HIGHLIGHT_STOP).join(' ');
}

/** A file name's separators as the database spaces them (message_search_file_text, 0021). */
const FILE_SEPARATORS = /[._\-()[\]+,]/g;

/**
 * Whether a headline's text is `text` as the database read it: as written, folded, or (a file
 * name) with its separators spaced: all keep the length, so its marks are offsets of `text`.
 */
function sameText(headlineText: string, text: string): boolean {
  if (headlineText === text) return true;
  if (headlineText.length !== text.length) return false;
  const plain = (value: string) => foldAccents(value).replace(FILE_SEPARATORS, ' ');
  return plain(headlineText) === plain(text);
}

/** `[start, end)` offsets of the marked words in the unmarked text. */
export function markedRanges(marked: string): { text: string; ranges: Range[] } {
  const ranges: Range[] = [];
  let text = '';
  let start = -1;
  for (const char of marked) {
    if (char === HIGHLIGHT_START) start = text.length;
    else if (char === HIGHLIGHT_STOP) {
      if (start >= 0 && text.length > start) ranges.push({ start, end: text.length });
      start = -1;
    } else text += char;
  }
  return { text, ranges };
}

/**
 * Ranges of `text` marked in any of `markings` (the same text highlighted under several
 * configurations), merged and in order; none when a marking is not of this very text.
 */
export function highlightRanges(text: string, markings: readonly (string | null)[]): Range[] {
  const all: Range[] = [];
  for (const marked of markings) {
    if (marked === null) continue;
    const read = markedRanges(marked);
    if (!sameText(read.text, blankMarkers(text))) return [];
    all.push(...read.ranges);
  }
  all.sort((a, b) => a.start - b.start);
  const merged: Range[] = [];
  for (const range of all) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
