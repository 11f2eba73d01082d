import type { MessageMention } from '@parley/chat-sdk';
import type { ReactNode } from 'react';
import * as css from './MentionedText.css';

/**
 * The text with each `@username` of the message's mentions highlighted (issue 25). Only names the
 * server listed are marked, so an e-mail address or a stray '@word' stays plain text.
 */
export function MentionedText({
  text,
  mentions,
}: {
  text: string;
  mentions: readonly MessageMention[] | undefined;
}): ReactNode {
  if (!mentions || mentions.length === 0) return text;
  const names = [...new Set(mentions.map((m) => m.username))]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(
    `(^|[^\\p{L}\\p{N}_@.+-])(@(?:${names.join('|')}))(?![\\p{L}\\p{N}_])`,
    'gu',
  );
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    const name = match[2] ?? '';
    parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className={css.mention} dir="ltr">
        {name}
      </mark>,
    );
    at = start + name.length;
  }
  parts.push(text.slice(at));
  return parts;
}
