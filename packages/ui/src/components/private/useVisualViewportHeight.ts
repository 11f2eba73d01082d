import { type RefObject, useEffect } from 'react';

/**
 * Keeps `--parley-viewport-height` on an element equal to the visual viewport's height, so a
 * full-height screen shrinks when an on-screen keyboard opens and its composer stays in view.
 * Browsers without `visualViewport` keep the stylesheet's fallback (100dvh).
 */
export function useVisualViewportHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = globalThis.visualViewport;
    const element = ref.current;
    if (!viewport || !element) return;
    let applied: string | null = null;
    const update = () => {
      // Both read before the write: a read after it would make the browser restyle the whole
      // screen there and then (the custom property is inherited), not with the next frame.
      const height = `${Math.round(viewport.height)}px`;
      const scrolled = viewport.offsetTop > 0;
      if (height !== applied) {
        element.style.setProperty('--parley-viewport-height', height);
        applied = height;
      }
      // iOS scrolls the layout viewport under the keyboard instead of resizing it: keep the top.
      if (scrolled) globalThis.scrollTo(0, 0);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      element.style.removeProperty('--parley-viewport-height');
    };
  }, [ref]);
}
