import type { MessageMention } from '@parley/chat-sdk';
import { type KeyboardEvent, type RefObject, useState } from 'react';

/** At most this many people are offered at once. */
const MAX_OPTIONS = 8;

/** The '@word' being typed right before the caret, or null. */
function queryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^\p{L}\p{N}_@.+-])@([\p{L}\p{M}\p{N}_.+-]*)$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/**
 * '@' in a group's composer (issue 25): the members whose name starts with (then contains) what
 * follows the '@', chosen with the arrows and Enter (or Tab) or a click, dismissed with Esc. A
 * chosen person is written as `@username ` and kept as a mention while the text still names them.
 */
export function useMentionPicker({
  text,
  setText,
  candidates,
  textareaRef,
}: {
  text: string;
  setText: (text: string) => void;
  candidates: readonly MessageMention[] | undefined;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [chosen, setChosen] = useState<MessageMention[]>([]);
  const found = candidates && candidates.length > 0 ? queryAt(text, caret) : null;
  const open = found !== null && dismissedAt !== found.start;
  const query = found?.query.toLowerCase() ?? '';
  const options = open
    ? [
        ...(candidates ?? []).filter((c) => c.username.toLowerCase().startsWith(query)),
        ...(candidates ?? []).filter(
          (c) =>
            !c.username.toLowerCase().startsWith(query) && c.username.toLowerCase().includes(query),
        ),
      ].slice(0, MAX_OPTIONS)
    : [];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  function choose(person: MessageMention) {
    if (!found) return;
    const inserted = `@${person.username} `;
    const next = text.slice(0, found.start) + inserted + text.slice(caret);
    const at = found.start + inserted.length;
    setText(next);
    setCaret(at);
    setActive(0);
    setChosen((current) =>
      current.some((c) => c.user_id === person.user_id) ? current : [...current, person],
    );
    requestAnimationFrame(() => {
      const field = textareaRef.current;
      if (!field) return;
      field.focus();
      field.setSelectionRange(at, at);
    });
  }

  return {
    open,
    options,
    activeIndex,
    choose,
    /** Call with the textarea after every change and caret move. */
    track(field: HTMLTextAreaElement) {
      setCaret(field.selectionStart ?? field.value.length);
    },
    /** True when the key was the picker's (the composer does nothing more with it). */
    onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
      if (!open) return false;
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(found?.start ?? null);
        return true;
      }
      if (options.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return true;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        const person = options[activeIndex];
        if (person) choose(person);
        return true;
      }
      return false;
    },
    /** The people chosen whom the text still names, for the message. */
    mentionsIn(out: string): MessageMention[] {
      return chosen.filter((c) =>
        new RegExp(`@${escapeRegExp(c.username)}(?![\\p{L}\\p{N}_])`, 'u').test(out),
      );
    },
    reset() {
      setChosen([]);
      setDismissedAt(null);
      setActive(0);
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
