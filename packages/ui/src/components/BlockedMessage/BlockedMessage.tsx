import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useChatTheme } from '../../context/ChatThemeScope';
import { UI_STRINGS } from '../../strings';
import * as css from './BlockedMessage.css';

const S = UI_STRINGS.blockedMessage;

export interface BlockedMessageProps {
  /** The reader blocked the sender (the message's `from_blocked`, issue 29). */
  blocked: boolean;
  /** The message's ordinary bubble: shown at once when not blocked, else after 'Show'. */
  children: ReactNode;
}

/**
 * Issue 29: a message from someone the reader blocked, in a group both are in, is collapsed to
 * 'Message from a blocked person' with a 'Show' button; Show reveals that one message's ordinary
 * bubble and moves focus to it (the button is gone). Not blocked: the bubble as it is.
 */
export function BlockedMessage({ blocked, children }: BlockedMessageProps) {
  const theme = useChatTheme();
  const [shown, setShown] = useState(false);
  const revealed = useRef<HTMLDivElement>(null);
  const focusOnReveal = useRef(false);
  // Unblocked, then blocked again: collapsed again.
  useEffect(() => {
    if (!blocked) setShown(false);
  }, [blocked]);
  useEffect(() => {
    if (shown && focusOnReveal.current) {
      focusOnReveal.current = false;
      revealed.current?.focus();
    }
  }, [shown]);

  if (!blocked) return children;
  if (shown) {
    return (
      <div ref={revealed} tabIndex={-1} className={css.revealed} data-blocked-message="shown">
        {children}
      </div>
    );
  }
  return (
    <div className={css.row} data-blocked-message="collapsed">
      <div className={`${theme.receivedBubbleClass} ${css.collapsed}`}>
        <p className={css.text}>{S.collapsed}</p>
        <button
          type="button"
          className={css.show}
          aria-label={S.showLabel}
          onClick={() => {
            focusOnReveal.current = true;
            setShown(true);
          }}
        >
          {S.show}
        </button>
      </div>
    </div>
  );
}
