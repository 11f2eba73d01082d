import { type Ref, type RefCallback, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focuses an element when it first appears, as `autoFocus` does in React. The attribute alone is
 * not enough where the app runs on Preact (docs/performance.md): Chromium honours only a page's
 * first `autofocus`, and Preact does not focus the field itself. Returns a ref callback for the
 * element that also hands the element to `forward` (a caller's own ref).
 */
export function useFocusOnMount<T extends HTMLElement>(
  enabled: boolean | undefined,
  forward?: Ref<T>,
): RefCallback<T> {
  const element = useRef<T | null>(null);
  const enabledOnMount = useRef(enabled);
  useLayoutEffect(() => {
    if (enabledOnMount.current) element.current?.focus();
  }, []);
  return useCallback(
    (node: T | null) => {
      element.current = node;
      if (typeof forward === 'function') forward(node);
      else if (forward) forward.current = node;
    },
    [forward],
  );
}
