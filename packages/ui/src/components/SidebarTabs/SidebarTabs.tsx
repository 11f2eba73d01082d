import { type KeyboardEvent, useRef } from 'react';
import { UI_STRINGS } from '../../strings';
import * as css from './SidebarTabs.css';

export const CHAT_TABS = ['all', 'private', 'group'] as const;
export type ChatTab = (typeof CHAT_TABS)[number];

export interface SidebarTabsProps {
  value: ChatTab;
  onChange: (tab: ChatTab) => void;
  /** Id of the tab panel the tabs control (the chat list). */
  panelId?: string;
  /** Prefix for the tabs' ids, so the panel can be labelled by the selected tab. */
  idPrefix?: string;
}

/**
 * The All / Private / Group tabs (spec §2): an ARIA tablist with a roving tabindex. Arrow keys move
 * and select (mirrored in right-to-left text), Home/End jump to the ends.
 */
export function SidebarTabs({ value, onChange, panelId, idPrefix = 'chat-tab' }: SidebarTabsProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = CHAT_TABS.indexOf(value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = (index + 1) % CHAT_TABS.length;
    else if (event.key === backward) next = (index - 1 + CHAT_TABS.length) % CHAT_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = CHAT_TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = CHAT_TABS[next] as ChatTab;
    onChange(tab);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={UI_STRINGS.chat.tabsLabel}
      className={css.tablist}
      onKeyDown={onKeyDown}
    >
      {CHAT_TABS.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`${idPrefix}-${tab}`}
          type="button"
          role="tab"
          aria-selected={tab === value}
          aria-controls={panelId}
          tabIndex={tab === value ? 0 : -1}
          className={css.tab}
          onClick={() => onChange(tab)}
        >
          {UI_STRINGS.chat.tabs[tab]}
        </button>
      ))}
    </div>
  );
}
