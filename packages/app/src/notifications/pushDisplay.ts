// The protocol module itself (not the sdk's index, which is written for a window): the service
// worker bundles only this.
import { isPushPayload } from '../../../chat-sdk/src/protocol/push';

/** The service worker asks an open window to follow a notification's link with this message. */
export const NAVIGATE_MESSAGE = 'parley:navigate';

/** What a shown notification carries for its click. */
export interface ShownNotificationData {
  url: string;
}

/**
 * A Web Push payload (the server's PushPayload) as a system notification: one per conversation
 * (`tag`), replacing the previous one and alerting again. Anything else is ignored.
 */
export function notificationFromPush(
  payload: unknown,
): { title: string; options: NotificationOptions & { renotify?: boolean } } | null {
  if (!isPushPayload(payload)) return null;
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      renotify: true,
      icon: payload.icon ?? '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url } satisfies ShownNotificationData,
    },
  };
}
