import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import { SmileIcon } from './private/SmileIcon';
import { ReactionChips } from './ReactionChips';
import { ReactionPicker } from './ReactionPicker';
import * as css from './Reactions.css';
import { useReactionsAndReceipts } from './ReactionsContext';

const R = UI_STRINGS.reactions;
const LONG_PRESS_MS = 500;

export interface MessageReactionsParts {
  /** Spread on the bubble: a long press (touch) opens the picker. */
  bubbleProps: {
    'data-reactable'?: true;
    'data-sent'?: boolean;
    onPointerDown?: (event: PointerEvent) => void;
    onPointerUp?: () => void;
    onPointerLeave?: () => void;
    onPointerCancel?: () => void;
  };
  /** The React trigger (shown beside the bubble's time). */
  trigger: ReactNode;
  /** The chips and, when open, the picker (under the bubble). */
  below: ReactNode;
}

/**
 * A bubble's reactions (issue 25): chips under it, a small 'React' button, a long press on phones,
 * and the picker they open. Nothing without a ReactionsAndReceiptsProvider, or for a message the
 * server has not stored yet. Kept apart from the bubble so the message actions menu can take the
 * trigger over (its `open` is what a 'React' menu item calls).
 */
export function useMessageReactions(
  message: MessageBubbleMessage,
  options: { defaultPickerOpen?: boolean; defaultFull?: boolean } = {},
): MessageReactionsParts {
  const context = useReactionsAndReceipts();
  const [open, setOpen] = useState(options.defaultPickerOpen ?? false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const id = message.id;
  const reactions = message.reactions ?? [];
  if (!context || id === null) return { bubbleProps: {}, trigger: null, below: null };
  const { viewerId, nameOf, onReact } = context;
  const canReact = onReact !== undefined && message.status === 'sent' && !message.uploading;
  const toggle = (emoji: string) => onReact?.(id, emoji);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const mine =
    viewerId === null
      ? []
      : reactions.filter((r) => r.user_ids.includes(viewerId)).map((r) => r.emoji);
  return {
    bubbleProps: canReact
      ? {
          'data-reactable': true,
          'data-sent': message.type === 'sent',
          onPointerDown: (event) => {
            if (event.pointerType !== 'touch') return;
            cancel();
            timer.current = setTimeout(() => setOpen(true), LONG_PRESS_MS);
          },
          onPointerUp: cancel,
          onPointerLeave: cancel,
          onPointerCancel: cancel,
        }
      : {},
    trigger: canReact ? (
      <button
        ref={triggerRef}
        type="button"
        className={css.trigger}
        aria-label={R.react}
        title={R.react}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <SmileIcon />
      </button>
    ) : null,
    below: (
      <>
        <ReactionChips
          reactions={reactions}
          viewerId={viewerId}
          nameOf={nameOf}
          onToggle={canReact ? toggle : undefined}
        />
        {open && canReact ? (
          <ReactionPicker
            mine={mine}
            defaultFull={options.defaultFull}
            onPick={(emoji) => {
              toggle(emoji);
              setOpen(false);
              triggerRef.current?.focus();
            }}
            onClose={() => {
              setOpen(false);
              triggerRef.current?.focus();
            }}
          />
        ) : null}
      </>
    ),
  };
}
