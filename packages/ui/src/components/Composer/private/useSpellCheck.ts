import { applyCorrection, applyCorrections, type Correction } from '@parley/chat-sdk';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Spelling check of a draft: the flagged words (empty when the language is not supported). */
export type CheckSpelling = (text: string, signal: AbortSignal) => Promise<readonly Correction[]>;

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

export interface SpellCheckOptions {
  /** The draft, and how to change it when a suggestion is chosen. */
  text: string;
  setText: (text: string) => void;
  checkSpelling: CheckSpelling | undefined;
  checkDelayMs: number;
  /** Gets focus back, caret after the replacement, when a suggestion is chosen. */
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * Spelling help for a draft: a check after each pause in typing, the words still flagged, choosing
 * or ignoring a suggestion, and the text to send with auto-correct on. The draft only changes when
 * the writer picks a suggestion, or on send with auto-correct — never silently otherwise.
 */
export function useSpellCheck({
  text,
  setText,
  checkSpelling,
  checkDelayMs,
  textareaRef,
}: SpellCheckOptions) {
  const [check, setCheck] = useState<Check | null>(null);
  const [ignored, setIgnored] = useState<ReadonlySet<string>>(() => new Set());
  /** Where the caret goes once a chosen suggestion is in the textarea. */
  const caretRef = useRef<number | null>(null);
  const checkRef = useRef(checkSpelling);
  checkRef.current = checkSpelling;

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

  function ignore(correction: Correction) {
    setIgnored((set) => new Set(set).add(correction.word));
  }

  /** The draft went out: its check and ignored words go with it. */
  function reset() {
    setCheck(null);
    setIgnored(new Set());
  }

  /**
   * The text to send: as typed with auto-correct off (or nothing to check), corrected by the check
   * of this exact draft when there is one, else after a fresh check — a promise, which gives the
   * draft as typed when no answer comes in time.
   */
  function textToSend(draft: string, autoCorrect: boolean): string | Promise<string> {
    const checker = checkRef.current;
    const usable = (corrections: readonly Correction[]) =>
      corrections.filter((c) => !ignored.has(c.word));
    if (!autoCorrect || !checker || draft.trim() === '') return draft;
    if (check?.text === draft) return applyCorrections(draft, usable(check.corrections));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SEND_CHECK_TIMEOUT_MS);
    const gaveUp = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('check timed out')));
    });
    return Promise.race([checker(draft, controller.signal), gaveUp])
      .then(
        (corrections) => applyCorrections(draft, usable(corrections)),
        () => draft,
      )
      .finally(() => clearTimeout(timer));
  }

  return { flagged, replace, ignore, reset, textToSend };
}
