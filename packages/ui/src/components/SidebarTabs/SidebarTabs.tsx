import { type KeyboardEvent, useRef } from 'react';
import { UI_STRINGS } from '../../strings';
import { Badge } from '../Badge/Badge';
import * as css from './SidebarTabs.css';

export const CHAT_TABS = ['all', 'private', 'group'] as const;
/** Plus 'requests' (issue 25), shown only when the backend has message requests. */
export type ChatTab = (typeof CHAT_TABS)[number] | 'requests';

export interface SidebarTabsProps {
  value: ChatTab;
  onChange: (tab: ChatTab) => void;
  /** Id of the tab panel the tabs control (the chat list). */
  panelId?: string;
  /** Prefix for the tabs' ids, so the panel can be labelled by the selected tab. */
  idPrefix?: string;
  /** Issue 25: show the Requests tab, with this many incoming message requests on it. */
  requestCount?: number;
}

/**
 * The All / Private / Group tabs (spec §2), and Requests when the backend has message requests: an ARIA tablist with a roving tabindex. Arrow keys move
 * and select (mirrored in right-to-left text), Home/End jump to the ends.
 */
export function SidebarTabs({
  value,
  onChange,
  panelId,
  idPrefix = 'chat-tab',
  requestCount,
}: SidebarTabsProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabs: readonly ChatTab[] =
    requestCount === undefined ? CHAT_TABS : [...CHAT_TABS, 'requests'];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.indexOf(value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = (index + 1) % tabs.length;
    else if (event.key === backward) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next] as ChatTab;
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
      {tabs.map((tab, i) => (
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
          className={requestCount === undefined ? css.tab : css.compactTab}
          onClick={() => onChange(tab)}
        >
          {UI_STRINGS.chat.tabs[tab]}
          {tab === 'requests' ? (
            <Badge count={requestCount ?? 0} label={UI_STRINGS.messageRequests.countLabel} />
          ) : null}
        </button>
      ))}
    </div>
  );
}
