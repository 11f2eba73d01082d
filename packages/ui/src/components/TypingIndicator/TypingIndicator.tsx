import { UI_STRINGS } from '../../strings';
import * as css from './TypingIndicator.css';

export interface TypingIndicatorProps {
  /** Who is typing in the open room. */
  typing?: readonly string[];
  /** Who is recording a voice note in the open room. */
  recording?: readonly string[];
  /** Who is talking live in the open room (their audio is arriving now); shown before the rest. */
  live?: readonly string[];
}

/**
 * 'ana is talking live...' / 'ana is typing...' / 'ana is recording audio...'. Takes its line of space even when empty so
 * the list above does not jump. Not a live region: announcing every keystroke pause would be noise.
 */
export function TypingIndicator({ typing = [], recording = [], live = [] }: TypingIndicatorProps) {
  // Someone talking live also sends the recording indicator: say what they are really doing.
  const recordingNotes = recording.filter((name) => !live.includes(name));
  const text =
    live.length > 0
      ? UI_STRINGS.chat.talkingLive(live)
      : recordingNotes.length > 0
        ? UI_STRINGS.chat.recording(recordingNotes)
        : typing.length > 0
          ? UI_STRINGS.chat.typing(typing)
          : null;
  return (
    <div className={css.indicator}>
      {text ? (
        <span className={css.pill} data-testid="typing-indicator">
          <span className={css.dots} aria-hidden="true">
            <span className={css.dot} />
            <span className={css.dot} />
            <span className={css.dot} />
          </span>
          <span dir="auto">{text}</span>
        </span>
      ) : null}
    </div>
  );
}
