import { expect } from 'storybook/test';

/**
 * Phone and tablet stories for every screen (issue 14): the story sets the preview's `viewport`
 * global, which the Vitest run applies by resizing the page (360 × 740 and 820 × 1180, see
 * storybook/preview.tsx), and its play function checks the layout rules of a phone.
 */
export const PHONE = { viewport: { value: 'phone', isRotated: false } };
export const TABLET = { viewport: { value: 'tablet', isRotated: false } };

/** The smallest touch target on a phone, in CSS pixels (WCAG 2.5.5, Apple's and Google's guides). */
export const TOUCH_TARGET_PX = 44;

const INTERACTIVE = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="switch"]',
  '[role="tab"]',
].join(', ');

/** The box a finger hits: a checkbox or radio through the label around it. */
function touchBox(element: Element): DOMRect {
  if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
    const label = element.closest('label');
    if (label) return label.getBoundingClientRect();
  }
  return element.getBoundingClientRect();
}

function describe(element: Element, box: DOMRect): string {
  const name =
    element.getAttribute('aria-label') ??
    element.textContent?.trim().slice(0, 40) ??
    element.getAttribute('name') ??
    '';
  return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
}

/** Nothing is wider than the screen: the page never scrolls sideways. */
export async function expectNoSidewaysScroll(canvasElement: HTMLElement) {
  const doc = canvasElement.ownerDocument.documentElement;
  await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
}

/**
 * A phone layout: no sideways scroll, and every control a finger uses is at least 44 × 44 px.
 * Links inside running text are exempt (as WCAG exempts inline targets), as are controls hidden
 * visually behind their label (a file input).
 */
export async function expectFitsPhone(canvasElement: HTMLElement) {
  await expectNoSidewaysScroll(canvasElement);
  const small: string[] = [];
  for (const element of canvasElement.querySelectorAll(INTERACTIVE)) {
    if (element.tagName === 'A' && element.closest('p')) continue;
    const box = touchBox(element);
    if (box.width <= 1 || box.height <= 1) continue;
    if (Math.min(box.width, box.height) < TOUCH_TARGET_PX - 0.5) small.push(describe(element, box));
  }
  await expect(small).toEqual([]);
}

type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;

/** The play function of a screen's Phone story: wait until `ready`, then check the phone rules. */
export function fitsPhone(ready: (canvasElement: HTMLElement) => Promise<unknown>): Play {
  return async ({ canvasElement }) => {
    await ready(canvasElement);
    await expectFitsPhone(canvasElement);
  };
}

/** The play function of a screen's Tablet story: wait until `ready`, then no sideways scroll. */
export function fitsTablet(ready: (canvasElement: HTMLElement) => Promise<unknown>): Play {
  return async ({ canvasElement }) => {
    await ready(canvasElement);
    await expectNoSidewaysScroll(canvasElement);
  };
}
