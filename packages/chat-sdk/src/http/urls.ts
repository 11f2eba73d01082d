import { ACCOUNT_PATHS } from '../protocol/paths';

const PLACEHOLDER_ORIGIN = 'http://parley.invalid';
const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/** The request URL for a path: absolute URLs pass through, paths are prefixed with the API url. */
export function joinUrl(apiUrl: string, path: string): string {
  if (ABSOLUTE.test(path)) return path;
  return `${apiUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Resolves a page's `next` (absolute or relative) against the URL of the page that named it. */
export function resolveNextUrl(next: string, current: string): string {
  if (ABSOLUTE.test(next)) return next;
  const resolved = new URL(next, new URL(current, PLACEHOLDER_ORIGIN));
  return resolved.origin === PLACEHOLDER_ORIGIN
    ? `${resolved.pathname}${resolved.search}`
    : resolved.href;
}

function pathnameOf(url: string): string {
  try {
    return new URL(url, PLACEHOLDER_ORIGIN).pathname;
  } catch {
    return url;
  }
}

const SESSION_ENDPOINTS = [
  ACCOUNT_PATHS.csrf,
  ACCOUNT_PATHS.login,
  ACCOUNT_PATHS.register,
  ACCOUNT_PATHS.refresh,
  ACCOUNT_PATHS.logout,
];

/** Calls that establish or end a session: a 401 from them must never trigger a refresh. */
export function isSessionEndpoint(url: string): boolean {
  const pathname = pathnameOf(url);
  return SESSION_ENDPOINTS.some((endpoint) => pathname.endsWith(endpoint));
}
