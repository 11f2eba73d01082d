import type { MessageMention } from '@parley/chat-sdk';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { TRANSLATION_TRUST_STRINGS } from '../../translationTrustStrings';
import { MentionedText } from '../MessageBubble/private/MentionedText';
import * as css from './UntranslatedText.css';

const T = TRANSLATION_TRUST_STRINGS;

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A translated text with the words the engine did not know (issue 26: Apertium's `*word`, the
 * mark removed by the server) shown as untranslated: dotted underline, 'Not translated' as a
 * tooltip and read out after the word. Mentions stay highlighted in the rest of the text.
 */
export function UntranslatedText({
  text,
  words,
  mentions,
}: {
  text: string;
  words: readonly string[];
  mentions: readonly MessageMention[] | undefined;
}): ReactNode {
  const wanted = [...new Set(words.filter((word) => word !== ''))].sort(
    (a, b) => b.length - a.length,
  );
  if (wanted.length === 0) return <MentionedText text={text} mentions={mentions} />;
  // Whole words only: 'tapas' is not marked inside 'tapases'.
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${wanted.map(escaped).join('|')})(?![\\p{L}\\p{N}_])`,
    'gu',
  );
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > at) {
      parts.push(<MentionedText key={`t${at}`} text={text.slice(at, start)} mentions={mentions} />);
    }
    parts.push(
      <span key={`w${start}`} className={css.untranslated} title={T.notTranslatedWord}>
        {match[0]}
        <span className={visuallyHidden}> ({T.notTranslatedWord})</span>
      </span>,
    );
    at = start + match[0].length;
  }
  if (at < text.length) {
    parts.push(<MentionedText key={`t${at}`} text={text.slice(at)} mentions={mentions} />);
  }
  return parts;
}
