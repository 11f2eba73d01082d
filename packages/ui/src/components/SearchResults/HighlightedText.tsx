import type { MessageSearchMatch } from '@parley/chat-sdk';
import type { ReactNode } from 'react';
import * as css from './SearchResults.css';

export interface HighlightedTextProps {
  text: string;
  /** `[start, end)` UTF-16 offsets to mark, in order and not overlapping. */
  ranges: MessageSearchMatch['ranges'];
}

/** Text with the matched words in <mark> (read as "highlight" by screen readers that say so). */
export function HighlightedText({ text, ranges }: HighlightedTextProps) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start < at || end > text.length || start >= end) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className={css.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
