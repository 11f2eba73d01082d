import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';

/** Older pages asked for, at most, to find a quoted message (50 a page: about 500 messages). */
const MAX_PAGES = 10;
/** How long a message jumped to stays outlined. */
const HIGHLIGHT_MS = 2_000;

/**
 * Tapping a reply's quote: scroll to the quoted message and outline it; when it is not loaded,
 * load older history a page at a time (bounded) until it is. Gives up (calling `onNotFound`)
 * when there is no more history or the bound is reached.
 */
export function useJumpToMessage({
  messages,
  hasMore,
  loadingOlder,
  onLoadOlder,
  scrollToIndex,
  onNotFound,
}: {
  messages: readonly MessageBubbleMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder?: () => void;
  scrollToIndex: (index: number) => void;
  onNotFound: () => void;
}) {
  // `asked`: a page was asked for and has not started loading; `loading`: it is loading.
  const [target, setTarget] = useState<{
    id: number;
    pages: number;
    phase: 'idle' | 'asked' | 'loading';
    /** How many messages were listed when the page was asked for. */
    count: number;
  } | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const scrollRef = useRef(scrollToIndex);
  scrollRef.current = scrollToIndex;
  const notFoundRef = useRef(onNotFound);
  notFoundRef.current = onNotFound;

  useEffect(() => {
    if (!target) return;
    const index = messages.findIndex((message) => message.id === target.id);
    if (index >= 0) {
      setTarget(null);
      scrollRef.current(index);
      setHighlighted(target.id);
      return;
    }
    if (loadingOlder) {
      if (target.phase !== 'loading') setTarget({ ...target, phase: 'loading' });
      return;
    }
    // Asked and not loading yet, unless the page already came (a caller without loadingOlder).
    if (target.phase === 'asked' && messages.length === target.count) return;
    if (target.pages === 0 || !hasMore || !onLoadOlder) {
      setTarget(null);
      notFoundRef.current();
      return;
    }
    setTarget({ ...target, pages: target.pages - 1, phase: 'asked', count: messages.length });
    onLoadOlder();
  }, [target, messages, hasMore, loadingOlder, onLoadOlder]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const jump = useCallback(
    (id: number) => setTarget({ id, pages: MAX_PAGES, phase: 'idle', count: 0 }),
    [],
  );
  return { jump, highlighted };
}
