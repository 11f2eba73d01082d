import type { MessageSearchMatch } from '@parley/chat-sdk';

type Range = MessageSearchMatch['ranges'][number];

/** Characters kept before the first match when a long text is cut (two lines in the list). */
const LEAD = 40;
/** The longest snippet shown; the list clamps it to two lines anyway. */
const MAX = 240;

/**
 * The part of a long matched text to show: from a little before the first match, with an
 * ellipsis where text was cut, and the ranges moved to match. Short texts come back as they are.
 */
export function highlightSnippet(
  text: string,
  ranges: readonly Range[],
): { text: string; ranges: Range[] } {
  const valid = ranges.filter((r) => r.start >= 0 && r.end <= text.length && r.start < r.end);
  const first = valid[0]?.start ?? 0;
  let start = first > LEAD ? first - LEAD : 0;
  // Start on a word: the next space after the cut, unless that passes the match.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  const end = Math.min(text.length, start + MAX);
  const lead = start > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  const shift = lead.length - start;
  return {
    text: `${lead}${text.slice(start, end)}${tail}`,
    ranges: valid
      .filter((r) => r.start >= start && r.end <= end)
      .map((r) => ({ start: r.start + shift, end: r.end + shift })),
  };
}
