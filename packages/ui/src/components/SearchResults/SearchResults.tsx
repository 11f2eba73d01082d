import type { MessageSearchResult, MessageSearchStatus } from '@parley/chat-sdk';
import type { KeyboardEvent, Ref } from 'react';
import { UI_STRINGS } from '../../strings';
import { Avatar } from '../Avatar/Avatar';
import { formatMessageTime, timeDirection } from '../private/localeFormat';
import { HighlightedText } from './HighlightedText';
import { highlightSnippet } from './highlightSnippet';
import * as css from './SearchResults.css';

const S = UI_STRINGS.messageSearch;

export interface SearchResultsProps {
  /** The query the results are for (for the empty state). */
  query: string;
  results: readonly Readonly<MessageSearchResult>[];
  status: MessageSearchStatus;
  hasMore?: boolean;
  loadingMore?: boolean;
  /** A result chosen: open its conversation at the message. */
  onOpen: (result: Readonly<MessageSearchResult>) => void;
  onLoadMore?: () => void;
  /** Ask again after a failure. */
  onRetry?: () => void;
  /** Each result names its room (the chat list); off inside one conversation. */
  showRoom?: boolean;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  /** The list, e.g. for a search field's ArrowDown to move into it. */
  listRef?: Ref<HTMLUListElement>;
}

/**
 * Where the words were found when it is not the message's text in the reader's language: a voice
 * note's transcript, a file's name, the original (absent on servers that only search texts).
 */
function matchLabel(match: Readonly<MessageSearchResult['match']>): string | null {
  const field =
    match.field === 'transcript'
      ? S.inTranscript
      : match.field === 'file_name'
        ? S.inFileName
        : null;
  const labels = [field, match.in_original ? S.original : null].filter(Boolean);
  return labels.length > 0 ? labels.join(' · ') : null;
}

/** Arrow keys, Home and End move between the results (each a button). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
  const index = items.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : index + (event.key === 'ArrowDown' ? 1 : -1);
  items[Math.max(0, Math.min(items.length - 1, next))]?.focus();
}

/**
 * Messages found by a search (GET /chatmessage/search/): where, who, when and the text with the
 * matched words marked, in the reader's language (or the original, labelled, when the words were
 * found there). Loading, empty, failed and unavailable states; a keyboard-navigable list.
 */
export function SearchResults({
  query,
  results,
  status,
  hasMore = false,
  loadingMore = false,
  onOpen,
  onLoadMore,
  onRetry,
  showRoom = true,
  now,
  listRef,
}: SearchResultsProps) {
  if (status === 'idle') return null;
  if (status === 'loading') {
    return (
      <p className={css.note} role="status">
        {S.searching}
      </p>
    );
  }
  if (status === 'unavailable') return <p className={css.note}>{S.unavailable}</p>;
  if (status === 'failed') {
    return (
      <div className={css.results}>
        <p className={css.error} role="alert">
          {S.failed}
        </p>
        {onRetry ? (
          <button type="button" className={css.more} onClick={onRetry}>
            {S.tryAgain}
          </button>
        ) : null}
      </div>
    );
  }
  if (results.length === 0) {
    return (
      <p className={css.note} role="status">
        {S.noResults(query)}
      </p>
    );
  }
  return (
    <div className={css.results}>
      <ul ref={listRef} className={css.list} aria-label={S.resultsLabel} onKeyDown={moveFocus}>
        {results.map((result) => {
          const { message, room, match } = result;
          const snippet = highlightSnippet(match.text, match.ranges);
          const title = showRoom ? room.name : message.sender_username;
          const sender = room.kind === 'group' && showRoom ? message.sender_username : null;
          const label = matchLabel(match);
          return (
            <li key={message.id}>
              <button type="button" className={css.item} onClick={() => onOpen(result)}>
                <Avatar
                  name={title}
                  src={showRoom ? room.image : message.sender_profile_image}
                  colorKey={showRoom ? room.room_name : message.sender_id}
                />
                <span className={css.text}>
                  <span className={css.row}>
                    <span className={css.name} dir="auto">
                      {title}
                    </span>
                    <time className={css.time} dateTime={message.timestamp} dir={timeDirection()}>
                      {formatMessageTime(message.timestamp, now)}
                    </time>
                  </span>
                  <span className={css.snippet} dir="auto">
                    {sender ? <span className={css.sender}>{sender}: </span> : null}
                    <HighlightedText text={snippet.text} ranges={snippet.ranges} />
                  </span>
                  {label ? <span className={css.original}>{label}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {loadingMore ? (
        <p className={css.note} role="status">
          {S.loadingOlder}
        </p>
      ) : hasMore && onLoadMore ? (
        <button type="button" className={css.more} onClick={onLoadMore}>
          {S.showOlder}
        </button>
      ) : null}
    </div>
  );
}
