import type { Correction } from '@parley/chat-sdk';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { UI_STRINGS } from '../../../strings';
import { useStableId } from '../../private/useStableId';
import * as css from './SpellingSuggestions.css';

const C = UI_STRINGS.corrections;

export interface SpellingSuggestionsProps {
  corrections: readonly Correction[];
  /** A suggestion was chosen for a flagged word. */
  onReplace: (correction: Correction, replacement: string) => void;
  /** 'Ignore': stop flagging this word in this draft. */
  onIgnore: (correction: Correction) => void;
}

/**
 * The flagged words of the draft as buttons, each opening a small menu of suggestions (menu button
 * pattern: arrows move, Enter chooses, Escape closes and returns focus). The underline in the
 * textarea is decoration; this list is how every user, with any input, reaches the suggestions.
 */
export function SpellingSuggestions({
  corrections,
  onReplace,
  onIgnore,
}: SpellingSuggestionsProps) {
  const idPrefix = useStableId();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggers = useRef(new Map<string, HTMLButtonElement>());
  const keyOf = (c: Correction) => `${c.offset}:${c.word}`;

  useEffect(() => {
    if (openKey === null) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [openKey]);

  // A stale open menu (its word was replaced or edited away) closes.
  const open = corrections.find((c) => keyOf(c) === openKey) ?? null;

  function close(returnFocus: boolean) {
    const key = openKey;
    setOpenKey(null);
    if (returnFocus && key) triggers.current.get(key)?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close(event.key === 'Escape');
      return;
    }
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  }

  if (corrections.length === 0) return null;
  return (
    <div className={css.suggestions}>
      <span className={css.suggestionsLabel} id={`${idPrefix}-label`}>
        {C.count(corrections.length)}
      </span>
      <ul className={css.flaggedList} aria-labelledby={`${idPrefix}-label`}>
        {corrections.map((correction) => {
          const key = keyOf(correction);
          const menuId = `${idPrefix}-${correction.offset}`;
          const isOpen = open !== null && keyOf(open) === key;
          return (
            <li key={key} className={css.flaggedItem}>
              <button
                type="button"
                ref={(element) => {
                  if (element) triggers.current.set(key, element);
                  else triggers.current.delete(key);
                }}
                className={css.flaggedWord}
                aria-haspopup="menu"
                aria-expanded={isOpen}
                aria-controls={isOpen ? menuId : undefined}
                aria-label={C.flagged(correction.word)}
                title={correction.message || undefined}
                dir="auto"
                onClick={() => (isOpen ? close(false) : setOpenKey(key))}
              >
                {correction.word}
              </button>
              {isOpen ? (
                <div
                  ref={menuRef}
                  id={menuId}
                  role="menu"
                  aria-label={C.suggestionsFor(correction.word)}
                  className={css.menu}
                  onKeyDown={onMenuKeyDown}
                >
                  {correction.replacements.length === 0 ? (
                    <button
                      type="button"
                      role="menuitem"
                      aria-disabled="true"
                      tabIndex={-1}
                      className={`${css.menuItem} ${css.menuEmpty}`}
                    >
                      {C.noSuggestions}
                    </button>
                  ) : null}
                  {correction.replacements.slice(0, 5).map((replacement) => (
                    <button
                      key={replacement}
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      className={css.menuItem}
                      dir="auto"
                      onClick={() => {
                        setOpenKey(null);
                        onReplace(correction, replacement);
                      }}
                    >
                      {replacement}
                    </button>
                  ))}
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={`${css.menuItem} ${css.menuIgnore}`}
                    onClick={() => {
                      close(false);
                      onIgnore(correction);
                    }}
                  >
                    {C.ignore}
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
