import { type KeyboardEvent, useEffect, useState } from 'react';

export interface ListboxNavigationOptions<T> {
  /** The options as shown, in order. */
  items: readonly T[];
  open: boolean;
  /** The DOM id of the option at an index (scrolled into view when it becomes active). */
  optionId: (index: number) => string;
  /** Enter on the active option. */
  onChoose: (item: T) => void;
  /** Escape: close and give focus back to the trigger. */
  onEscape: () => void;
  /** Tab: close and let focus move on. */
  onTab: () => void;
}

/**
 * The keyboard of a combobox whose focus stays in its text box and points at an option with
 * aria-activedescendant (WAI-ARIA combobox pattern): arrows and Home/End move the active option,
 * clamped at both ends; Enter chooses it; Escape and Tab close. The active option is kept in view.
 */
export function useListboxNavigation<T>({
  items,
  open,
  optionId,
  onChoose,
  onEscape,
  onTab,
}: ListboxNavigationOptions<T>) {
  const [active, setActive] = useState(-1);
  const activeId = open && active >= 0 ? optionId(active) : undefined;

  // Keep the active option visible while navigating with the keyboard.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => (last < 0 ? -1 : Math.min(i + 1, last)));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => (last < 0 ? -1 : Math.max(i - 1, 0)));
        break;
      case 'Home':
        event.preventDefault();
        setActive(last < 0 ? -1 : 0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'Enter': {
        // Never submit the surrounding form from the text box.
        event.preventDefault();
        const item = items[active];
        if (item !== undefined) onChoose(item);
        break;
      }
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onEscape();
        break;
      case 'Tab':
        onTab();
        break;
    }
  }

  return { active, setActive, onKeyDown };
}
