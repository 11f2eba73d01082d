import { debounce, TIMINGS } from '@parley/chat-sdk';
import { type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { control } from '../private/field.css';
import { SearchIcon } from '../private/icons';
import { useFocusOnMount } from '../private/useFocusOnMount';
import { useStableId } from '../private/useStableId';
import * as css from './SearchBox.css';

export interface SearchBoxProps {
  /** The accessible name (drawn only as the placeholder). */
  label: string;
  placeholder?: string;
  /**
   * Called with the trimmed query `debounceMs` after the last keystroke (only when it changed); at
   * once when cleared.
   */
  onSearch: (query: string) => void;
  debounceMs?: number;
  defaultValue?: string;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A search input that reports its query debounced (spec §5: 300 ms). Clearing it reports '' at
 * once, so the full list comes back without waiting.
 */
export function SearchBox({
  label,
  placeholder,
  onSearch,
  debounceMs = TIMINGS.searchDebounceMs,
  defaultValue = '',
  autoFocus,
  ref,
}: SearchBoxProps) {
  const id = useStableId();
  // Opt-in for panels that open on request.
  const inputRef = useFocusOnMount(autoFocus, ref);
  const [value, setValue] = useState(defaultValue);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  // The last query reported, so an unchanged query (e.g. a trailing space) is not reported again.
  const reported = useRef(defaultValue.trim());
  const debounced = useMemo(
    () =>
      debounce((query: string) => {
        if (query === reported.current) return;
        reported.current = query;
        onSearchRef.current(query);
      }, debounceMs),
    [debounceMs],
  );
  useEffect(() => () => debounced.cancel(), [debounced]);

  function change(next: string) {
    setValue(next);
    const query = next.trim();
    if (query === '') {
      debounced.cancel();
      if (reported.current !== '') {
        reported.current = '';
        onSearchRef.current('');
      }
    } else {
      debounced(query);
    }
  }

  return (
    <div className={css.wrapper}>
      <label htmlFor={id} className={visuallyHidden}>
        {label}
      </label>
      <span className={css.icon}>
        <SearchIcon />
      </span>
      <input
        ref={inputRef}
        id={id}
        type="search"
        className={`${control} ${css.input}`}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => change(event.target.value)}
      />
    </div>
  );
}
