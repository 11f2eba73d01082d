import { chatSocketPath } from '../protocol/socket';

/**
 * The socket's origin: `wsUrl` when given, else the API origin with http→ws, else the page's
 * origin. Null when none can be known (e.g. apiUrl '' outside a browser).
 */
export function socketOrigin(wsUrl: string | undefined, apiUrl: string): string | null {
  if (wsUrl) return wsUrl.replace(/\/+$/, '');
  const base = apiUrl || globalThis.location?.origin;
  if (!base) return null;
  try {
    const url = new URL(base);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.origin;
  } catch {
    return null;
  }
}

export function socketUrl(origin: string, userId: number, token: string): string {
  return `${origin}${chatSocketPath(userId)}?token=${encodeURIComponent(token)}`;
}
