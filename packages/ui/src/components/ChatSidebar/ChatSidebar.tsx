import { isChatMuted } from '@parley/chat-sdk';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { Link } from '../../context/Link';
import { ROUTES, UI_STRINGS } from '../../strings';
import { Badge } from '../Badge/Badge';
import { ChatListItem } from '../ChatListItem/ChatListItem';
import { useStableId } from '../private/useStableId';
import { SearchBox } from '../SearchBox/SearchBox';
import { type ChatTab, SidebarTabs } from '../SidebarTabs/SidebarTabs';
import * as css from './ChatSidebar.css';
import { type ChatListEntry, filterChatList, sortChatList } from './chatListEntry';

const S = UI_STRINGS.chat;

/** What an empty list says: nothing at all yet, an empty tab, or a search without matches. */
function emptyText(entries: readonly ChatListEntry[], tab: ChatTab, query: string): string {
  if (query.trim() !== '') return S.noMatches;
  if (tab === 'requests') return UI_STRINGS.messageRequests.empty;
  if (tab === 'group') return S.noGroups;
  if (tab === 'private') return S.noPrivateChats;
  // Incoming message requests are only under Requests: All holds nothing without them.
  return entries.every((entry) => entry.request === 'incoming') ? S.noChats : S.noMatches;
}

export interface ChatSidebarProps {
  /** Private chats and groups; shown most recent first. */
  entries: readonly ChatListEntry[];
  /** Key (room name) of the open chat. */
  selectedKey?: string | null;
  onSelect: (entry: ChatListEntry) => void;
  /** Issue 25: unread messages per chat key (the sdk's `chat.state.unread`). */
  unread?: Readonly<Record<string, number>>;
  loading?: boolean;
  error?: string | null;
  /** Pending connection requests, on the Notifications button (capped at 99+). */
  notificationCount?: number;
  /** Opens the Search All Users panel. */
  onSearchAllUsers: () => void;
  /** Opens the create-group screen (spec §2: the footer's Create Groups). */
  onCreateGroup?: () => void;
  /**
   * Called with the path of the Settings / Notifications links instead of following
   * them (they are the app's router links via ParleyProvider's linkComponent otherwise).
   */
  onNavigate?: (path: string) => void;
  defaultTab?: ChatTab;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  /** The search field's query, debounced (message search runs on it too). */
  onQueryChange?: (query: string) => void;
  /** Shown under the matching chats while a query is typed: messages found (SearchResults). */
  messageResults?: ReactNode;
  /**
   * Issue 25: show the Requests tab even with no request listed (the backend has the feature).
   * Without it the tab shows while any entry is a message request (a spec-only backend: never).
   */
  requestsTab?: boolean;
}

/**
 * The chat screen's sidebar (spec §2): search, All / Private / Group tabs, the chat list and the
 * footer actions. Filtering is local and follows spec §5 (debounced, case-insensitive name
 * substring; an empty query restores the list).
 */
export function ChatSidebar({
  entries,
  selectedKey,
  onSelect,
  unread,
  loading = false,
  error,
  notificationCount = 0,
  onSearchAllUsers,
  onCreateGroup,
  onNavigate,
  defaultTab = 'all',
  now,
  onQueryChange,
  messageResults,
  requestsTab = false,
}: ChatSidebarProps) {
  const [tab, setTab] = useState<ChatTab>(defaultTab);
  const incoming = entries.filter((entry) => entry.request === 'incoming').length;
  const showRequests =
    requestsTab || tab === 'requests' || entries.some((entry) => entry.request !== undefined);
  const [query, setQuery] = useState('');
  const idPrefix = useStableId();
  const panelId = `${idPrefix}-panel`;
  const visible = useMemo(
    () => filterChatList(sortChatList(entries), tab, query),
    [entries, tab, query],
  );

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    items[Math.max(0, Math.min(items.length - 1, next))]?.focus();
  }

  function onFooterClick(event: MouseEvent<HTMLElement>) {
    if (!onNavigate) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href) return;
    // Capture phase + preventDefault: router links skip navigation when the default is prevented.
    event.preventDefault();
    onNavigate(href);
  }

  let body: ReactNode;
  if (loading && entries.length === 0) {
    body = (
      <p className={css.note} role="status">
        {S.loadingChats}
      </p>
    );
  } else if (error) {
    body = (
      <p className={css.error} role="alert">
        {error}
      </p>
    );
  } else if (visible.length === 0) {
    body = <p className={css.note}>{emptyText(entries, tab, query)}</p>;
  } else {
    body = (
      <ul className={css.list} onKeyDown={onListKeyDown}>
        {visible.map((entry) => (
          <li key={entry.key}>
            <ChatListItem
              name={entry.name}
              avatarSrc={entry.image}
              colorKey={entry.colorKey}
              lastMessage={entry.lastMessage}
              lastMessageInfo={entry.lastMessageInfo}
              lastMessageMine={entry.lastMessageMine}
              lastMessageTime={entry.lastMessageTime}
              now={now}
              selected={entry.key === selectedKey}
              unread={unread?.[entry.key]}
              muted={isChatMuted(entry.mutedUntil, now?.getTime())}
              onSelect={() => onSelect(entry)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <nav className={css.sidebar} aria-label={S.sidebarLabel}>
      <SearchBox
        label={S.searchLabel}
        placeholder={S.searchPlaceholder}
        onSearch={(next) => {
          setQuery(next);
          onQueryChange?.(next);
        }}
      />
      <SidebarTabs
        value={tab}
        onChange={setTab}
        panelId={panelId}
        idPrefix={idPrefix}
        requestCount={showRequests ? incoming : undefined}
      />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-${tab}`}
        className={css.panel}
      >
        {body}
        {query !== '' && messageResults ? (
          <div>
            <h3 className={css.sectionTitle}>{UI_STRINGS.messageSearch.sectionTitle}</h3>
            {messageResults}
          </div>
        ) : null}
      </div>
      <div className={css.footer} onClickCapture={onFooterClick}>
        <button type="button" className={css.action} onClick={onSearchAllUsers}>
          {S.searchAllUsers}
        </button>
        <Link href={ROUTES.settings} className={css.action}>
          {S.settings}
        </Link>
        <button type="button" className={css.action} onClick={onCreateGroup}>
          {S.createGroups}
        </button>
        <Link href={ROUTES.notifications} className={css.action}>
          {S.notifications}
          <Badge count={notificationCount} label={S.notificationsBadge} />
        </Link>
      </div>
    </nav>
  );
}
