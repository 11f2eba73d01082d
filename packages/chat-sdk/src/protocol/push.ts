/**
 * Web Push (Parley extension, issue 14): a device subscribes with its browser's PushSubscription
 * and receives encrypted PushPayloads while no socket of its person is open. Every path ends
 * with '/'; all need the access token.
 */
export const PUSH_PATHS = {
  /** GET → PushPublicKeyResponse (the server's VAPID public key, base64url). */
  publicKey: '/accounts/push/public-key/',
  /** POST PushSubscribeRequest → 204: this device receives pushes (again) for the person. */
  subscribe: '/accounts/push/subscribe/',
  /** POST PushUnsubscribeRequest → 204: this device stops receiving pushes. */
  unsubscribe: '/accounts/push/unsubscribe/',
} as const;

export interface PushPublicKeyResponse {
  /** The VAPID application server key, URL-safe base64 without padding. */
  publicKey: string;
}

/** The browser's `PushSubscription.toJSON()`: where and how to send to this device. */
export interface PushSubscribeRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushUnsubscribeRequest {
  endpoint: string;
}

export const PUSH_KINDS = [
  'message',
  'connection_request',
  'connection_accepted',
  /** Issue 26: someone suggested a better translation of the person's message. */
  'translation_suggestion',
  /** Issue 29: a moderator's warning, or a report of the person's was acted on (url '/'). */
  'moderation_notice',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What a push carries (JSON, encrypted per RFC 8291): ready to show as a notification. */
export interface PushPayload {
  kind: PushKind;
  /** The sender's or requester's name. */
  title: string;
  /** The message in the reader's language, or what happened. */
  body: string;
  /** The sender's avatar URL, when they have one. */
  icon?: string | null;
  /** Notifications with the same tag replace each other (one per conversation). */
  tag: string;
  /** The app path a click opens (the conversation, or the notifications screen). */
  url: string;
}

/** The app path that opens one conversation (`?room=` on the chat screen). */
export function chatRoomPath(room: string): string {
  return `/?room=${encodeURIComponent(room)}`;
}

/** Limits on a subscription the server accepts. */
export const PUSH_LIMITS = { maxEndpointLength: 2048, maxKeyLength: 256 } as const;

export function isPushPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.kind === 'string' &&
    (PUSH_KINDS as readonly string[]).includes(v.kind) &&
    typeof v.title === 'string' &&
    typeof v.body === 'string' &&
    typeof v.tag === 'string' &&
    typeof v.url === 'string' &&
    v.url.startsWith('/') &&
    !v.url.startsWith('//')
  );
}
