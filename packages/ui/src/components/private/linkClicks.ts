import type { MouseEvent } from 'react';

/** Only same-origin paths go through the app's router; other URLs are followed by the browser. */
export function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/**
 * A capture-phase click handler for a container of links: reports the link's href before it is
 * followed (e.g. to remember where the user was), then hands app paths to `onNavigate` instead of
 * the default navigation. Router links skip navigation when the default is prevented.
 */
export function linkClickHandler(
  onFollow: ((href: string) => void) | undefined,
  onNavigate: ((path: string) => void) | undefined,
) {
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href) return;
    onFollow?.(href);
    if (!onNavigate || !isAppPath(href)) return;
    event.preventDefault();
    onNavigate(href);
  };
}
