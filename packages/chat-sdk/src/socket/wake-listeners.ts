/**
 * Calls `onWake` on `online` and when the page becomes visible: the moments a closed socket should
 * retry at once instead of waiting out its backoff. Only where those globals exist (browsers).
 * Returns the removal.
 */
export function listenForWakeUps(onWake: () => void): () => void {
  const onVisibility = () => {
    if (globalThis.document?.visibilityState === 'visible') onWake();
  };
  const target = typeof globalThis.addEventListener === 'function' ? globalThis : undefined;
  const doc = globalThis.document;
  target?.addEventListener('online', onWake);
  doc?.addEventListener?.('visibilitychange', onVisibility);
  return () => {
    target?.removeEventListener('online', onWake);
    doc?.removeEventListener?.('visibilitychange', onVisibility);
  };
}
