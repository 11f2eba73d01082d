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
    const update = () => {
      element.style.setProperty('--parley-viewport-height', `${Math.round(viewport.height)}px`);
      // iOS scrolls the layout viewport under the keyboard instead of resizing it: keep the top.
      if (viewport.offsetTop > 0) globalThis.scrollTo(0, 0);
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
