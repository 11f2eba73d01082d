import { applyCorrection, applyCorrections, type Correction } from '@parley/chat-sdk';
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { SendIcon } from '../private/icons';
import { useStableId } from '../private/useStableId';
import * as css from './Composer.css';
import { SpellingSuggestions } from './private/SpellingSuggestions';

const S = UI_STRINGS.chat;
const C = UI_STRINGS.corrections;

/** Spelling check of a draft: the flagged words (empty when the language is not supported). */
export type CheckSpelling = (text: string, signal: AbortSignal) => Promise<readonly Correction[]>;

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
  /**
   * Checks the draft in the writer's language after a pause in typing; omit to offer no spelling
   * help. Misspellings are underlined and listed with their suggestions.
   */
  checkSpelling?: CheckSpelling;
  /** Pause before a check, in ms (default 500). */
  checkDelayMs?: number;
  /** Apply the first suggestion of each flagged word on send. Off: sent exactly as typed. */
  autoCorrect?: boolean;
  /** Shows the 'Auto-correct' switch (with checkSpelling). */
  onAutoCorrectChange?: (on: boolean) => void;
}

/** How long a send with auto-correct waits for a fresh check before sending as typed. */
const SEND_CHECK_TIMEOUT_MS = 3000;

interface Check {
  text: string;
  corrections: readonly Correction[];
}

/** The flagged word still sits at its offset in `text`. */
function applies(text: string, c: Correction): boolean {
  return c.offset + c.length <= text.length && text.slice(c.offset, c.offset + c.length) === c.word;
}

/**
 * The composer's text part. Send is disabled while text and file are both empty (spec §4); Enter
 * sends, Shift+Enter adds a line, and Enter while an input method is composing does neither.
 * With `checkSpelling`, misspellings are underlined and listed as buttons offering suggestions;
 * the text only changes when the writer picks one, or on send with auto-correct on — never
 * silently otherwise. File attach and voice recording are later issues.
 */
export function Composer({
  onSend,
  onTyping,
  onStopTyping,
  hasFile = false,
  disabled = false,
  defaultValue = '',
  ref,
  checkSpelling,
  checkDelayMs = 500,
  autoCorrect = false,
  onAutoCorrectChange,
}: ComposerProps) {
  const id = useStableId();
  const [text, setText] = useState(defaultValue);
  const [check, setCheck] = useState<Check | null>(null);
  const [ignored, setIgnored] = useState<ReadonlySet<string>>(() => new Set());
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  /** Where the caret goes once a chosen suggestion is in the textarea. */
  const caretRef = useRef<number | null>(null);
  const checkRef = useRef(checkSpelling);
  checkRef.current = checkSpelling;
  useImperativeHandle(ref, () => textareaRef.current as HTMLTextAreaElement, []);
  const canSend = !disabled && !sending && (text.trim() !== '' || hasFile);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the chosen suggestion's text is committed
  useLayoutEffect(() => {
    const caret = caretRef.current;
    if (caret === null || !textareaRef.current) return;
    caretRef.current = null;
    textareaRef.current.setSelectionRange(caret, caret);
  }, [text]);

  // A check after each pause in typing; a newer draft aborts the older check.
  useEffect(() => {
    const checker = checkRef.current;
    if (!checker || text.trim() === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checker(text, controller.signal).then(
        (corrections) => {
          if (!controller.signal.aborted) setCheck({ text, corrections });
        },
        () => {
          // Spelling help is optional: a failed or aborted check just shows nothing new.
        },
      );
    }, checkDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, checkDelayMs]);

  // Corrections of an older draft stay shown only where their word is still in place.
  const flagged = checkSpelling
    ? (check?.corrections ?? []).filter((c) => !ignored.has(c.word) && applies(text, c))
    : [];

  function finish(out: string) {
    onSend(out.trim());
    setText('');
    setCheck(null);
    setIgnored(new Set());
  }

  function send() {
    if (!canSend) return;
    const draft = text;
    const checker = checkRef.current;
    const usable = (corrections: readonly Correction[]) =>
      corrections.filter((c) => !ignored.has(c.word));
    // Auto-correct off (or nothing to check): sent exactly as typed.
    if (!autoCorrect || !checker || draft.trim() === '') {
      finish(draft);
      return;
    }
    if (check?.text === draft) {
      finish(applyCorrections(draft, usable(check.corrections)));
      return;
    }
    // No check of this exact text yet: ask now, then send. No answer in time: it goes as typed.
    setSending(true);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SEND_CHECK_TIMEOUT_MS);
    const gaveUp = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('check timed out')));
    });
    Promise.race([checker(draft, controller.signal), gaveUp])
      .then(
        (corrections) => finish(applyCorrections(draft, usable(corrections))),
        () => finish(draft),
      )
      .finally(() => {
        clearTimeout(timer);
        setSending(false);
      });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  function replace(correction: Correction, replacement: string) {
    const next = applyCorrection(text, correction, replacement);
    setText(next);
    const delta = replacement.length - correction.length;
    // The rest of the check still holds for the new text: shift what follows the replaced word.
    setCheck({
      text: next,
      corrections: (check?.corrections ?? [])
        .filter((c) => c !== correction && applies(text, c))
        .map((c) => (c.offset > correction.offset ? { ...c, offset: c.offset + delta } : c)),
    });
    caretRef.current = correction.offset + replacement.length;
    textareaRef.current?.focus();
  }

  const autoCorrectSwitch =
    checkSpelling && onAutoCorrectChange ? (
      <button
        type="button"
        role="switch"
        aria-checked={autoCorrect}
        className={css.autoCorrect}
        title={C.autoCorrectHint}
        onClick={() => onAutoCorrectChange(!autoCorrect)}
      >
        <span className={css.switchTrack} aria-hidden="true">
          <span className={css.switchThumb} />
        </span>
        {C.autoCorrect}
      </button>
    ) : null;

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
      <div className={css.field}>
        {flagged.length > 0 ? (
          <div ref={mirrorRef} className={css.mirror} aria-hidden="true" dir="auto">
            {underlined(text, flagged)}
          </div>
        ) : null}
        <textarea
          ref={textareaRef}
          id={id}
          className={css.textarea}
          rows={1}
          value={text}
          placeholder={S.composerPlaceholder}
          disabled={disabled}
          readOnly={sending}
          aria-busy={sending || undefined}
          dir="auto"
          spellCheck={checkSpelling ? false : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() !== '') onTyping?.();
          }}
          onScroll={(event) => {
            if (mirrorRef.current) mirrorRef.current.scrollTop = event.currentTarget.scrollTop;
          }}
          onKeyDown={onKeyDown}
          onBlur={() => onStopTyping?.()}
        />
      </div>
      <button type="submit" className={css.send} aria-label={S.send} disabled={!canSend}>
        <SendIcon />
      </button>
      {checkSpelling && (flagged.length > 0 || autoCorrectSwitch) ? (
        <div className={css.tools}>
          <SpellingSuggestions
            corrections={flagged}
            onReplace={replace}
            onIgnore={(c) => setIgnored((set) => new Set(set).add(c.word))}
          />
          {autoCorrectSwitch}
        </div>
      ) : null}
    </form>
  );
}

/** The draft with flagged ranges wrapped in marks, for the underline layer under the textarea. */
function underlined(text: string, corrections: readonly Correction[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const c of [...corrections].sort((a, b) => a.offset - b.offset)) {
    if (c.offset < at) continue;
    parts.push(text.slice(at, c.offset));
    parts.push(
      <mark key={`${c.offset}:${c.word}`} className={css.misspelling}>
        {c.word}
      </mark>,
    );
    at = c.offset + c.length;
  }
  // A trailing newline needs a character after it to take up a line, as in the textarea.
  parts.push(`${text.slice(at)}\u200b`);
  return parts;
}
