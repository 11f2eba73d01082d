import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.(REDUCED_MOTION).matches === true;

/** The person's 'reduce motion' setting, following changes while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, reducedMotion, () => false);
}

/**
 * Whether the element can be seen now: on screen (IntersectionObserver) and in a visible tab.
 * A demo nobody watches should not spend the battery of the phone it runs on.
 */
function useWatched(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  const [tabVisible, setTabVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  );
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setOnScreen(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  useEffect(() => {
    const update = () => setTabVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return onScreen && tabVisible;
}

export interface DemoPlayback {
  /** The frame shown now (0 .. frames - 1). */
  frame: number;
  /** Moving now: false when paused, under reduced motion, off screen, in a hidden tab, or on a fixed frame. */
  playing: boolean;
  /** The person asked for less motion: the whole conversation shows, still. */
  reduced: boolean;
}

/**
 * Steps through `durations` (one per frame, in ms) and starts again after the last. A fixed
 * `frame` (stories) or reduced motion shows that frame (or the last one) and never moves.
 * Pausing keeps the frame, so the demo goes on where it stopped.
 */
export function useDemoPlayback(
  ref: RefObject<HTMLElement | null>,
  durations: readonly number[],
  fixedFrame?: number,
  /** Paused by its own button (WCAG 2.2.2: moving content can be stopped). */
  paused = false,
): DemoPlayback {
  const last = durations.length - 1;
  const reduced = usePrefersReducedMotion();
  const watched = useWatched(ref);
  const [frame, setFrame] = useState(0);
  const playing = fixedFrame === undefined && !paused && !reduced && watched && last > 0;
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(
      () => setFrame((current) => (current >= last ? 0 : current + 1)),
      durations[frame] ?? 0,
    );
    return () => clearTimeout(timer);
  }, [playing, frame, durations, last]);
  if (fixedFrame !== undefined) {
    return { frame: Math.min(Math.max(fixedFrame, 0), last), playing, reduced };
  }
  return { frame: reduced ? last : frame, playing, reduced };
}
