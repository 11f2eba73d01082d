import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import type { MessagesRepository } from '../plugins/app/index.js';
import { chatFrame } from './chatDelivery.js';
import type { ChatEvent, ChatFanout, LocalChatHub } from './chatFanout.js';
import { loadMessageFor } from './messageTranslation.js';

export const CHAT_CHANNEL = 'parley_chat';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_MS = 1000;

/** What travels on the channel: the event itself, or for a long chat message only its id. */
type Notification =
  | { origin: string; event: ChatEvent }
  | {
      origin: string;
      recipients: number[];
      room: string;
      messageId: number;
      readerLanguage?: string;
    };

/**
 * Fan-out across server instances sharing one PostgreSQL (architecture.md §5): every event is
 * delivered to this instance's sockets at once and published with NOTIFY; each instance LISTENs
 * and hands what other instances published to its own hub. Events published while an instance's
 * listening connection is down are not replayed to it; clients catch up from history on rejoin.
 */
export class PostgresChatFanout implements ChatFanout {
  private readonly origin = randomUUID();
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  // NOTIFYs go out one after another so other instances see this instance's events in order.
  private sending: Promise<unknown> = Promise.resolve();
  private receiving: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly hub: LocalChatHub,
    private readonly db: Database,
    private readonly messages: MessagesRepository,
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(
    hub: LocalChatHub,
    db: Database,
    messages: MessagesRepository,
    connectionString: string,
    log: FastifyBaseLogger,
  ): Promise<PostgresChatFanout> {
    const fanout = new PostgresChatFanout(hub, db, messages, connectionString, log);
    await fanout.listen();
    return fanout;
  }

  private async listen(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel === CHAT_CHANNEL && message.payload) this.receive(message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'chat fan-out listener failed; reconnecting');
      this.dropListener(client);
    });
    client.on('end', () => this.dropListener(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHAT_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
  }

  private dropListener(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = null;
    client.end().catch(() => undefined);
    this.scheduleListen();
  }

  private scheduleListen(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.listen().catch((error: unknown) => {
        this.log.warn({ err: error }, 'chat fan-out listener could not reconnect');
        this.scheduleListen();
      });
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  publish(event: ChatEvent): void {
    this.hub.publish(event);
    let payload = JSON.stringify({ origin: this.origin, event } satisfies Notification);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      if (event.frame.type !== 'chat_message') {
        this.log.warn({ type: event.frame.type }, 'chat event too large to fan out; dropped');
        return;
      }
      payload = JSON.stringify({
        origin: this.origin,
        recipients: event.recipients,
        room: event.room,
        messageId: event.frame.id,
        readerLanguage: event.readerLanguage,
      } satisfies Notification);
    }
    this.sending = this.sending
      .then(() => this.db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${payload})`))
      .catch((error: unknown) => this.log.error({ err: error }, 'chat fan-out NOTIFY failed'));
  }

  private receive(payload: string): void {
    let notification: Notification;
    try {
      notification = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    if (notification.origin === this.origin) return;
    // In arrival order, even when a long message has to be read back first.
    this.receiving = this.receiving
      .then(async () => {
        if ('event' in notification) {
          this.hub.publish(notification.event);
          return;
        }
        const { recipients, room, messageId, readerLanguage } = notification;
        const message = await loadMessageFor(this.messages, messageId, readerLanguage);
        if (!message) return;
        this.hub.publish({
          recipients,
          room,
          frame: chatFrame(message),
        });
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'chat fan-out delivery failed'));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.sending;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.hub.close();
  }
}
