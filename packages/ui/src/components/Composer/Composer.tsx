import { type KeyboardEvent, type Ref, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { SendIcon } from '../private/icons';
import { useStableId } from '../private/useStableId';
import * as css from './Composer.css';

const S = UI_STRINGS.chat;

export interface ComposerProps {
  /** Called with the text (untrimmed inside, trimmed at the ends) on Enter or the Send button. */
  onSend: (text: string) => void;
  /** Every edit that leaves text (the sdk's setTyping sends typing true, then false after 2 s). */
  onTyping?: () => void;
  /** On blur (sending stops typing in the sdk itself). */
  onStopTyping?: () => void;
  /** An attached, uploaded file also allows sending without text (spec §4). */
  hasFile?: boolean;
  disabled?: boolean;
  defaultValue?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * The composer's text part. Send is disabled while text and file are both empty (spec §4); Enter
 * sends, Shift+Enter adds a line, and Enter while an input method is composing does neither.
 * File attach and voice recording are later issues.
 */
export function Composer({
  onSend,
  onTyping,
  onStopTyping,
  hasFile = false,
  disabled = false,
  defaultValue = '',
  ref,
}: ComposerProps) {
  const id = useStableId();
  const [text, setText] = useState(defaultValue);
  const canSend = !disabled && (text.trim() !== '' || hasFile);

  function send() {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      className={css.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className={visuallyHidden}>
        {S.composerLabel}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={css.textarea}
        rows={1}
        value={text}
        placeholder={S.composerPlaceholder}
        disabled={disabled}
        dir="auto"
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() !== '') onTyping?.();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => onStopTyping?.()}
      />
      <button type="submit" className={css.send} aria-label={S.send} disabled={!canSend}>
        <SendIcon />
      </button>
    </form>
  );
}
