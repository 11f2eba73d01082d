import { SOCKET_FEATURES, SOCKET_FEATURES_PARAM } from '@parley/chat-sdk';

type SocketFeature = (typeof SOCKET_FEATURES)[keyof typeof SOCKET_FEATURES];
const KNOWN = new Set<string>(Object.values(SOCKET_FEATURES));

/**
 * The optional behaviours a socket's client asked for in its URL (`?features=a,b`,
 * docs/socket-protocol.md "Connecting"). Unknown names, repeats and anything that is not a
 * short comma-separated list are ignored: a client never loses its socket over this.
 */
export function socketFeatures(query: unknown): Set<SocketFeature> {
  const raw =
    typeof query === 'object' && query !== null
      ? (query as Record<string, unknown>)[SOCKET_FEATURES_PARAM]
      : undefined;
  const features = new Set<SocketFeature>();
  if (typeof raw !== 'string' || raw.length > 200) return features;
  for (const name of raw.split(',')) {
    const trimmed = name.trim();
    if (KNOWN.has(trimmed)) features.add(trimmed as SocketFeature);
  }
  return features;
}
