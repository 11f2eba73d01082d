import type { PushPayload } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { type EgressGuard, EgressRefused } from '../http/egressGuard.js';
import type { PushRepository } from '../plugins/app/push-repository.js';
import type { VapidKeys } from './vapidKeys.js';

/** How long a push service keeps an undelivered message (a day), and how long we wait on it. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_REQUEST_TIMEOUT_MS = 10_000;

export interface PushSenderOptions {
  store: PushRepository;
  vapid: VapidKeys;
  log: FastifyBaseLogger;
  /** Every request to a push service goes through it (src/http/egressGuard.ts). */
  egress: EgressGuard;
}

/** A push service answers with a status and a few bytes at most; more is not a push service. */
const PUSH_MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Sends Web Push messages: encrypted as RFC 8291 (aes128gcm) and signed with VAPID (RFC 8292) by
 * the `web-push` library, posted here through the egress guard (resolved, checked at connect
 * time, redirects not followed); a 404 or 410 from the push service removes the
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
          const response = await this.options.egress.request(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : undefined,
            timeoutMs: PUSH_REQUEST_TIMEOUT_MS,
            maxResponseBytes: PUSH_MAX_RESPONSE_BYTES,
          });
          if (response.status === 404 || response.status === 410) {
            await this.options.store.removeExpired(row.id);
          } else if (response.status < 200 || response.status >= 300) {
            this.options.log.warn(
              { status: response.status, subscription: row.id },
              'push service refused a message',
            );
          }
        } catch (error) {
          if (error instanceof EgressRefused) {
            this.options.log.warn(
              { reason: error.message, subscription: row.id },
              'push endpoint refused by the egress guard',
            );
            return;
          }
          this.options.log.warn({ err: error, subscription: row.id }, 'push delivery failed');
        }
      }),
    );
  }
}
