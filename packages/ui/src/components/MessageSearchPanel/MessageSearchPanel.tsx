import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import { UI_STRINGS } from '../../strings';
import { CloseIcon } from '../private/icons';
import { SearchBox } from '../SearchBox/SearchBox';
import { SearchResults, type SearchResultsProps } from '../SearchResults/SearchResults';
import * as css from './MessageSearchPanel.css';

const S = UI_STRINGS.messageSearch;

export interface MessageSearchPanelProps extends Omit<SearchResultsProps, 'listRef' | 'showRoom'> {
  /** Called with the trimmed query, debounced as the person types ('' at once when cleared). */
  onQueryChange: (query: string) => void;
  onClose: () => void;
}

/**
 * Search inside the open conversation, under its header: a search field (focused when opened;
 * ArrowDown moves into the results, Escape closes) and the results.
 */
export function MessageSearchPanel({
  onQueryChange,
  onClose,
  ...results
}: MessageSearchPanelProps) {
  const listRef = useRef<HTMLUListElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' && event.target instanceof HTMLInputElement) {
      const first = listRef.current?.querySelector('button');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  return (
    <section className={css.panel} aria-label={S.searchInConversation} onKeyDown={onKeyDown}>
      <div className={css.bar}>
        <div className={css.field}>
          <SearchBox
            label={S.searchLabel}
            placeholder={S.searchPlaceholder}
            onSearch={onQueryChange}
            defaultValue={results.query}
            autoFocus
          />
        </div>
        <button type="button" className={css.close} aria-label={S.close} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className={css.scroller}>
        <SearchResults {...results} showRoom={false} listRef={listRef} />
      </div>
    </section>
  );
}
