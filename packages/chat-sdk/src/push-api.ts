import type { HttpClient } from './http/http-client';
import {
  PUSH_PATHS,
  type PushPublicKeyResponse,
  type PushSubscribeRequest,
  type PushUnsubscribeRequest,
} from './protocol/push';

/** Web Push subscriptions of this device (Parley extension, issue 14). */
export interface PushApi {
  /** The server's VAPID public key, for `pushManager.subscribe({ applicationServerKey })`. */
  publicKey(): Promise<PushPublicKeyResponse>;
  subscribe(subscription: PushSubscribeRequest): Promise<void>;
  unsubscribe(endpoint: string): Promise<void>;
}

export function createPushApi(http: HttpClient): PushApi {
  return {
    publicKey: () => http.request<PushPublicKeyResponse>(PUSH_PATHS.publicKey),
    subscribe: async (subscription) => {
      const body: PushSubscribeRequest = {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      };
      await http.request<void>(PUSH_PATHS.subscribe, { method: 'POST', json: body });
    },
    unsubscribe: async (endpoint) => {
      const body: PushUnsubscribeRequest = { endpoint };
      await http.request<void>(PUSH_PATHS.unsubscribe, { method: 'POST', json: body });
    },
  };
}
