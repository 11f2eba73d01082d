import { useState } from 'react';
import { LOCALE_STRINGS } from '../../localeStrings';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import type { BubbleReaction } from '../MessageBubble/MessageBubbleMessage';
import { Modal } from '../Modal/Modal';
import * as css from './Reactions.css';

const R = UI_STRINGS.reactions;

/** Chips shown before the rest fold into '+N' (the 'who reacted' list names them all). */
export const MAX_CHIPS = 6;

export interface ReactionChipsProps {
  reactions: readonly BubbleReaction[];
  viewerId: number | null;
  nameOf: (userId: number) => string;
  /** Tapping a chip toggles the viewer's emoji; omitted, chips are read-only. */
  onToggle?: (emoji: string) => void;
  /** Open with the 'who reacted' list showing (stories). */
  defaultWhoOpen?: boolean;
}

/**
 * Reactions under a bubble: one chip per emoji with its count (the viewer's own highlighted and
 * pressed; a tap toggles it), and a button opening who reacted with what.
 */
export function ReactionChips({
  reactions,
  viewerId,
  nameOf,
  onToggle,
  defaultWhoOpen = false,
}: ReactionChipsProps) {
  const [whoOpen, setWhoOpen] = useState(defaultWhoOpen);
  if (reactions.length === 0) return null;
  const shown = reactions.slice(0, MAX_CHIPS);
  const hidden = reactions.length - shown.length;
  const total = reactions.reduce((sum, reaction) => sum + reaction.count, 0);
  const name = (id: number) => (id === viewerId ? R.you : nameOf(id));
  return (
    <fieldset className={css.chips} aria-label={R.chipsLabel}>
      {shown.map((reaction) => {
        const mine = viewerId !== null && reaction.user_ids.includes(viewerId);
        return (
          <button
            key={reaction.emoji}
            type="button"
            className={mine ? `${css.chip} ${css.mine}` : css.chip}
            aria-pressed={mine}
            aria-label={R.chip(reaction.emoji, reaction.count, mine)}
            title={LOCALE_STRINGS.reactionChips.reactedBy(reaction.user_ids.map(name))}
            disabled={!onToggle}
            onClick={() => onToggle?.(reaction.emoji)}
          >
            <span className={css.emoji} aria-hidden="true">
              {reaction.emoji}
            </span>
            <span aria-hidden="true">{reaction.count}</span>
          </button>
        );
      })}
      <button
        type="button"
        className={css.whoButton}
        aria-haspopup="dialog"
        onClick={() => setWhoOpen(true)}
      >
        {hidden > 0 ? R.more_count(hidden) : '…'}
        <span className={visuallyHidden}> {R.whoReactedOpen(total)}</span>
      </button>
      <Modal open={whoOpen} onClose={() => setWhoOpen(false)} title={R.whoReacted}>
        <ul className={css.list}>
          {reactions.map((reaction) => (
            <li key={reaction.emoji} className={css.listRow}>
              <span className={css.emoji}>{reaction.emoji}</span>
              <span dir="auto">
                {LOCALE_STRINGS.reactionChips.reactedBy(reaction.user_ids.map(name))}
              </span>
            </li>
          ))}
        </ul>
      </Modal>
    </fieldset>
  );
}
