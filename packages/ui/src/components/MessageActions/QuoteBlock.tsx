import type { MessageQuote } from '@parley/chat-sdk';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import * as css from './MessageActions.css';

const A = MESSAGE_ACTION_STRINGS;

/** The words a quote shows: its text, 'This message was deleted.', or the kind of file. */
export function quoteText(quote: Readonly<MessageQuote>): string {
  if (quote.deleted) return A.deleted;
  return quote.message || (quote.file_type === 'text' ? '' : A.kinds[quote.file_type]);
}

export interface QuoteBlockProps {
  quote: Readonly<MessageQuote>;
  /** Shows the quoted message in the list; without it the quote is plain text. */
  onJump?: (messageId: number) => void;
}

/**
 * The quoted message at the top of a reply (in the reader's language, as the server sent it):
 * who wrote it and two lines of it. A button that scrolls to the original when the list can.
 */
export function QuoteBlock({ quote, onJump }: QuoteBlockProps) {
  const text = quoteText(quote);
  const content = (
    <>
      <span className={css.quoteName} dir="auto">
        {quote.sender_username}
      </span>
      <span className={quote.deleted ? css.quoteDeleted : css.quoteText} dir="auto">
        {text}
      </span>
    </>
  );
  if (!onJump) {
    return (
      <blockquote className={css.quote} cite={undefined}>
        {content}
      </blockquote>
    );
  }
  return (
    <button type="button" className={css.quote} onClick={() => onJump(quote.id)}>
      <span className={visuallyHidden}>{A.showOriginal(quote.sender_username)}</span>
      {content}
    </button>
  );
}
