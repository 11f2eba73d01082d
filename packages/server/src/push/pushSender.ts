import type { PushPayload } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushStore } from './pushStore.js';
import type { VapidKeys } from './vapidKeys.js';

/** How long a push service keeps an undelivered message (a day), and how long we wait on it. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_REQUEST_TIMEOUT_MS = 10_000;

export interface PushSenderOptions {
  store: PushStore;
  vapid: VapidKeys;
  log: FastifyBaseLogger;
  /** Tests only: accept plain-HTTP and loopback endpoints (a stand-in push service). */
  allowInsecureEndpoints?: boolean;
}

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|\[.*\])$/i;

/**
 * Whether the server may POST to this endpoint: push services are public HTTPS hosts. (The URL
 * comes from a browser, so the server must not be steered into its own network.)
 */
export function acceptableEndpoint(endpoint: string, allowInsecure = false): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && !PRIVATE_HOST.test(url.hostname);
}

/**
 * Sends Web Push messages: encrypted as RFC 8291 (aes128gcm) and signed with VAPID (RFC 8292) by
 * the `web-push` library, posted here with fetch; a 404 or 410 from the push service removes the
 * subscription.
 */
export class PushSender {
  constructor(private readonly options: PushSenderOptions) {}

  get publicKey(): string {
    return this.options.vapid.publicKey;
  }

  /** To every device of these people; resolves when each push was answered (or failed). */
  async sendTo(userIds: number[], payload: PushPayload): Promise<void> {
    const rows = await this.options.store.forUsers(userIds);
    const body = JSON.stringify(payload);
    await Promise.all(
      rows.map(async (row) => {
        if (!acceptableEndpoint(row.endpoint, this.options.allowInsecureEndpoints)) return;
        const { vapid } = this.options;
        const request = webpush.generateRequestDetails(
          { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
          body,
          {
            vapidDetails: {
              subject: vapid.subject,
              publicKey: vapid.publicKey,
              privateKey: vapid.privateKey,
            },
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
          },
        );
        try {
          const response = await fetch(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : undefined,
            redirect: 'error',
            signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
          });
          await response.arrayBuffer().catch(() => undefined);
          if (response.status === 404 || response.status === 410) {
            await this.options.store.removeExpired(row.id);
          } else if (!response.ok) {
            this.options.log.warn(
              { status: response.status, subscription: row.id },
              'push service refused a message',
            );
          }
        } catch (error) {
          this.options.log.warn({ err: error, subscription: row.id }, 'push delivery failed');
        }
      }),
    );
  }
}
