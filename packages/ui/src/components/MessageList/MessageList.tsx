import { isSystemMessage } from '@parley/chat-sdk';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { BlockedMessage } from '../BlockedMessage/BlockedMessage';
import type { MessageActionHandlers } from '../MessageActions/messageActionTypes';
import { MessageBubble, type MessageBubbleMessage } from '../MessageBubble/MessageBubble';
import { SystemRow } from '../SystemRow/SystemRow';
import * as css from './MessageList.css';
import { useJumpToMessage } from './useJumpToMessage';

const S = UI_STRINGS.chat;

/** How close to the top (px) loads older history, and to the bottom counts as "at the bottom". */
const LOAD_OLDER_WITHIN = 200;
const AT_BOTTOM_WITHIN = 48;

export interface MessageListProps {
  /** Oldest first (the sdk's room messages). */
  messages: readonly MessageBubbleMessage[];
  /** Changing it (another room) scrolls to the newest message again. */
  roomKey?: string | null;
  hasMore?: boolean;
  loadingOlder?: boolean;
  /** Asked for when the reader scrolls near the top and `hasMore`. */
  onLoadOlder?: () => void;
  onRetry?: (clientId: string) => void;
  /** Sender names above received bubbles (groups). */
  showSenders?: boolean;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  /** Reply, edit and delete on each bubble (message actions); a quote's tap is handled here. */
  actions?: Omit<MessageActionHandlers, 'onJumpToQuote'>;
  /** Link preview cards in bubbles (the reader's setting; default on). */
  showLinkPreviews?: boolean;
  /**
   * Scrolls to this message and marks it (a search hit) once it is loaded; a new object jumps
   * again.
   */
  jumpTo?: { id: number } | null;
  /** Issue 25: the reader is (or is no longer) at the newest message: it is read while in view. */
  onNewestInView?: (inView: boolean) => void;
}

/**
 * A row's bubble re-renders only when its message (the sdk's snapshot of it, the same object until
 * that message changes) or the list's settings do: a new message does not redraw every row in view.
 */
const Bubble = memo(MessageBubble);

// Keys by message object: the virtualizer asks for every row's key each time the count changes,
// and the same string each time is also quicker for it to look up. Checked against the fields, in
// case a caller changes a message in place.
const keys = new WeakMap<
  MessageBubbleMessage,
  { id: number | null; client: string | null; key: string }
>();

export function messageKey(message: MessageBubbleMessage): string {
  const known = keys.get(message);
  if (known && known.id === message.id && known.client === message.client_id) return known.key;
  // The optimistic copy and its echo share client_id, so the row (and its measured size) is kept.
  const key = message.client_id ? `c:${message.client_id}` : `i:${message.id}`;
  keys.set(message, { id: message.id, client: message.client_id, key });
  return key;
}

/**
 * The conversation, virtualized (@tanstack/react-virtual): only the rows in and near the viewport
 * are in the DOM, so thousands of messages stay smooth. It opens at the newest message, follows new
 * ones while the reader is at the bottom, keeps the reader's place when older history is prepended
 * or messages arrive, and loads older history near the top. Messages from others are announced in
 * a separate polite live region (one message at a time, never the whole list).
 */
export function MessageList({
  messages,
  roomKey = null,
  hasMore = false,
  loadingOlder = false,
  onLoadOlder,
  onRetry,
  showSenders = false,
  now,
  actions,
  showLinkPreviews = true,
  jumpTo = null,
  onNewestInView,
}: MessageListProps) {
  const scrollRef = useRef<HTMLElement>(null);
  const atBottom = useRef(true);
  const [announcement, setAnnouncement] = useState('');
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const firstMessage = messages[0];
  const lastMessage = messages[messages.length - 1];
  const firstKey = firstMessage ? messageKey(firstMessage) : null;
  const lastKey = lastMessage ? messageKey(lastMessage) : null;
  // A new getItemKey makes the virtualizer lay out every row again (all 10,000 of a long
  // conversation), so it changes only when the rows do: a message added or removed at either end
  // (the sdk's list changes no other way). Renders for scrolling and measuring keep it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ends and count stand for the rows
  const getItemKey = useCallback(
    (index: number) => {
      const message = messagesRef.current[index];
      return message ? messageKey(message) : index;
    },
    [messages.length, firstKey, lastKey],
  );
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    overscan: 6,
    paddingStart: 8,
    paddingEnd: 8,
    getItemKey,
  });
  // One retry callback for every bubble, whatever the caller passes, so memoized rows stay put.
  const onRetryRef = useRef(onRetry);
  onRetryRef.current = onRetry;
  const retry = useCallback((clientId: string) => onRetryRef.current?.(clientId), []);
  const bubbleActions = useBubbleActions(actions);
  const quoteJump = useJumpToMessage({
    messages,
    hasMore,
    loadingOlder,
    onLoadOlder,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'center' }),
    onNotFound: () => setAnnouncement(MESSAGE_ACTION_STRINGS.notLoaded),
  });
  const withJump = useMemo(
    () => bubbleActions && { ...bubbleActions, onJumpToQuote: quoteJump.jump },
    [bubbleActions, quoteJump.jump],
  );

  // What the previous render showed, to tell a prepend (older history) from an append.
  const previous = useRef<{ room: string | null; first: string | null; last: string | null }>({
    room: roomKey,
    first: null,
    last: null,
  });

  // The reader's place: the first row in view (its key, and its index when it was noted), how far
  // its top sits above the viewport's, and the scroll position that puts it there.
  const anchor = useRef<{ key: string; index: number; offset: number; at: number } | null>(null);
  // Where the view was last seen (a scroll event, or the list's own scroll to the end), to tell
  // the reader scrolling up from content growing below.
  const lastScrollTop = useRef(0);
  // The place is kept below, on every render; the virtualizer's own adjustment would fight it.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false;

  function rememberAnchor() {
    const el = scrollRef.current;
    const rows = virtualizer.measurementsCache;
    if (!el || rows.length === 0) return;
    const scrollTop = el.scrollTop;
    // Binary search: the first row that starts at or below the viewport's top. (A row cut by the
    // top edge is not used: rows above it can still be measured and move it.)
    let lo = 0;
    let hi = rows.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((rows[mid]?.start ?? 0) < scrollTop) lo = mid + 1;
      else hi = mid;
    }
    const row = rows[lo];
    if (row) {
      anchor.current = {
        key: String(row.key),
        index: lo,
        offset: row.start - scrollTop,
        at: scrollTop,
      };
    }
  }

  useLayoutEffect(() => {
    const el = scrollRef.current;
    const last = lastKey;
    const prev = previous.current;
    previous.current = { room: roomKey, first: firstKey, last };
    if (!el) return;
    if (prev.room !== roomKey) {
      atBottom.current = true;
      anchor.current = null;
      setAnnouncement('');
    }
    const appended = last !== null && prev.last !== null && last !== prev.last;
    if (appended && lastMessage?.type === 'received' && prev.room === roomKey) {
      setAnnouncement(S.incoming(lastMessage.sender_username, lastMessage.message));
    }
    // Follow new messages at the bottom, and always after the reader's own send.
    if (appended && lastMessage?.type === 'sent') atBottom.current = true;
    if (atBottom.current) {
      const scrollTop = el.scrollTop;
      const fromEnd = el.scrollHeight - scrollTop - el.clientHeight;
      if (scrollTop < lastScrollTop.current - 1 && fromEnd >= AT_BOTTOM_WITHIN) {
        // The reader moved up and this render came before the scroll event that says so (a row
        // measured, an announcement): they left the end, and must not be pulled back to it.
        atBottom.current = false;
        lastScrollTop.current = scrollTop;
        rememberAnchor();
        return;
      }
      if (fromEnd >= 1) el.scrollTop = el.scrollHeight;
      lastScrollTop.current = el.scrollTop;
      return;
    }
    // Older history prepended, rows above measured, or new rows below: the anchored row stays put.
    const held = anchor.current;
    if (!held) return;
    // Where it was noted, unless older history moved it: this runs on every render while the
    // reader scrolls, and a search of a long conversation each time would cost more than the rest.
    const noted = messages[held.index];
    const index =
      noted && messageKey(noted) === held.key
        ? held.index
        : messages.findIndex((m) => messageKey(m) === held.key);
    const row = index >= 0 ? virtualizer.measurementsCache[index] : undefined;
    if (!row) return;
    held.index = index;
    const wanted = row.start - held.offset;
    // Compared with the position noted, not read from the element: reading it lays the page out,
    // and this runs several times a frame while the reader scrolls (every row measured renders).
    if (Math.abs(held.at - wanted) < 1) return;
    held.at = wanted;
    el.scrollTop = wanted;
  });

  const totalSize = virtualizer.getTotalSize();

  const onLoadOlderRef = useRef(onLoadOlder);
  onLoadOlderRef.current = onLoadOlder;
  const canLoadOlder = hasMore && !loadingOlder && messages.length > 0;

  function checkTop() {
    const el = scrollRef.current;
    if (el && canLoadOlder && el.scrollTop < LOAD_OLDER_WITHIN) onLoadOlderRef.current?.();
  }

  // A short history that does not fill the view cannot be scrolled: load more straight away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when loading state changes
  useEffect(() => {
    const el = scrollRef.current;
    if (el && canLoadOlder && el.scrollHeight <= el.clientHeight + LOAD_OLDER_WITHIN) {
      onLoadOlderRef.current?.();
    }
  }, [canLoadOlder, totalSize]);

  function onScroll() {
    const el = scrollRef.current;
    if (!el) return;
    const scrollTop = el.scrollTop;
    // Only the reader moving up leaves the end. A scroll event can arrive after the newest row
    // grew (a photo loaded between following it and the event), which must not stop following:
    // the next render scrolls to the new end.
    if (el.scrollHeight - scrollTop - el.clientHeight < AT_BOTTOM_WITHIN) atBottom.current = true;
    else if (scrollTop < lastScrollTop.current) atBottom.current = false;
    lastScrollTop.current = scrollTop;
    rememberAnchor();
    checkTop();
    onNewestInView?.(atBottom.current);
  }
  // The list opens at the newest message: in view until the reader scrolls away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: told again per room and per new message
  useEffect(() => {
    onNewestInView?.(atBottom.current);
  }, [roomKey, lastKey, onNewestInView]);

  // A search hit: centred once its message is loaded, the reader no longer held at the end.
  const jumped = useRef<{ id: number } | null>(null);
  const [marked, setMarked] = useState<number | null>(null);
  useEffect(() => {
    if (!jumpTo || jumped.current === jumpTo) return;
    const index = messages.findIndex((message) => message.id === jumpTo.id);
    if (index < 0) return;
    jumped.current = jumpTo;
    atBottom.current = false;
    anchor.current = null;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setMarked(jumpTo.id);
  }, [jumpTo, messages, virtualizer]);

  const items = virtualizer.getVirtualItems();
  return (
    <div className={css.wrapper}>
      {messages.length === 0 ? (
        <p className={css.empty}>{S.noMessages}</p>
      ) : (
        <section
          ref={scrollRef}
          className={css.scroller}
          aria-label={S.messagesLabel}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be keyboard-scrollable
          tabIndex={0}
          onScroll={onScroll}
          data-testid="message-scroller"
        >
          <ul className={css.inner} style={{ height: totalSize }}>
            {items.map((item) => {
              const message = messages[item.index];
              if (!message) return null;
              return (
                <li
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-setsize={messages.length}
                  aria-posinset={item.index + 1}
                  className={
                    marked !== null && message.id === marked
                      ? `${css.item} ${css.jumped}`
                      : css.item
                  }
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {isSystemMessage(message) ? (
                    // Calls and group events are records, not things someone said: centred rows.
                    <SystemRow message={message} now={now} />
                  ) : (
                    // Issue 29: a blocked person's message is collapsed until 'Show'.
                    <BlockedMessage blocked={message.from_blocked === true}>
                      <Bubble
                        message={message}
                        showSender={showSenders}
                        showLinkPreview={showLinkPreviews}
                        now={now}
                        onRetry={onRetry ? retry : undefined}
                        actions={withJump}
                        highlighted={message.id !== null && message.id === quoteJump.highlighted}
                      />
                    </BlockedMessage>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {loadingOlder ? (
        <p className={css.status} role="status">
          {S.loadingOlder}
        </p>
      ) : null}
      <div className={visuallyHidden} aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

/**
 * The caller's actions behind stable callbacks (memoized rows stay put when the caller passes new
 * functions each render); undefined when none is given, so the bubbles offer none.
 */
function useBubbleActions(
  actions: MessageListProps['actions'],
): Omit<MessageActionHandlers, 'onJumpToQuote'> | undefined {
  const ref = useRef(actions);
  ref.current = actions;
  const hasReply = Boolean(actions?.onReply);
  const hasEdit = Boolean(actions?.onEdit);
  const hasDelete = Boolean(actions?.onDelete);
  const hasReport = Boolean(actions?.onReportTranslation);
  const hasReportMessage = Boolean(actions?.onReportMessage);
  const suggestionLanguage = actions?.onSuggestTranslation ? actions.suggestionLanguage : undefined;
  return useMemo(() => {
    if (
      !hasReply &&
      !hasEdit &&
      !hasDelete &&
      !hasReport &&
      !hasReportMessage &&
      !suggestionLanguage
    )
      return undefined;
    return {
      ...(hasReply ? { onReply: (m: MessageBubbleMessage) => ref.current?.onReply?.(m) } : {}),
      ...(hasEdit ? { onEdit: (m: MessageBubbleMessage) => ref.current?.onEdit?.(m) } : {}),
      ...(hasDelete
        ? {
            onDelete: (m: MessageBubbleMessage, forMe: boolean) =>
              ref.current?.onDelete?.(m, forMe),
          }
        : {}),
      ...(hasReport
        ? {
            onReportTranslation: async (m: MessageBubbleMessage) => {
              await ref.current?.onReportTranslation?.(m);
            },
          }
        : {}),
      ...(hasReportMessage
        ? {
            onReportMessage: async (m: MessageBubbleMessage, reason: string) => {
              await ref.current?.onReportMessage?.(m, reason);
            },
          }
        : {}),
      ...(suggestionLanguage
        ? {
            suggestionLanguage,
            onSuggestTranslation: async (m: MessageBubbleMessage, text: string) => {
              await ref.current?.onSuggestTranslation?.(m, text);
            },
          }
        : {}),
    };
  }, [hasReply, hasEdit, hasDelete, hasReport, hasReportMessage, suggestionLanguage]);
}
