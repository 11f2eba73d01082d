import { UI_STRINGS } from '../../strings';
import * as css from './ChatMute.css';

/** A struck-through bell: the chat-list row of a chat the person muted (issue 25). */
export function MutedIcon() {
  return (
    <svg
      className={css.mutedIcon}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      role="img"
      aria-label={UI_STRINGS.mute.muted}
    >
      <title>{UI_STRINGS.mute.muted}</title>
      <path
        d="M18 16v-5a6 6 0 0 0-4.5-5.8V4.5a1.5 1.5 0 0 0-3 0v.7A6 6 0 0 0 6 11v5l-2 2h16zM10 20a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
