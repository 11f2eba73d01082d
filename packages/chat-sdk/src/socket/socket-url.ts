import { ALL_SOCKET_FEATURES_QUERY, chatSocketPath } from '../protocol/socket';

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

/** The IANA time zone of this device, when the runtime knows it. */
export function deviceTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The socket URL. The device's time zone rides along so the server counts plan limits in the
 * user's own day (docs/socket-protocol.md, "Translation in the chat flow"), and the optional
 * frames the sdk reads (SOCKET_FEATURES); a server that knows neither ignores them.
 */
export function socketUrl(
  origin: string,
  userId: number,
  token: string,
  timezone: string | undefined = deviceTimezone(),
): string {
  const query = `?token=${encodeURIComponent(token)}`;
  const zone = timezone ? `&timezone=${encodeURIComponent(timezone)}` : '';
  // Every optional frame the sdk reads (docs/socket-protocol.md, "Connecting").
  return `${origin}${chatSocketPath(userId)}${query}&${ALL_SOCKET_FEATURES_QUERY}${zone}`;
}
