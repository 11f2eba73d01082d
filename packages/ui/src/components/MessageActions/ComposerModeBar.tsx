import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { tool } from '../Composer/private/toolButton.css';
import { CloseIcon } from '../private/icons';
import * as css from './MessageActions.css';
import type { ComposerMode } from './messageActionTypes';
import { quoteText } from './QuoteBlock';

const A = MESSAGE_ACTION_STRINGS;

/** Above the composer's field: 'Replying to …' with the quote, or 'Editing message'; × cancels. */
export function ComposerModeBar({ mode, onCancel }: { mode: ComposerMode; onCancel: () => void }) {
  const reply = mode.kind === 'reply';
  return (
    <div className={css.modeBar} data-testid="composer-mode">
      <div className={css.modeText}>
        <span className={css.modeTitle} dir="auto">
          {reply ? A.replyingTo(mode.quote.sender_username) : A.editing}
        </span>
        <span className={css.modeQuote} dir="auto">
          {reply ? quoteText(mode.quote) : mode.text}
        </span>
      </div>
      <button
        type="button"
        className={tool}
        aria-label={reply ? A.cancelReply : A.cancelEdit}
        onClick={onCancel}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
