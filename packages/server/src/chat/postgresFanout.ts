import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { FanoutRepository } from '../plugins/app/fanout-repository.js';
import type {
  ChatEvent,
  ChatFanout,
  EndedSessions,
  LocalChatHub,
  SessionSocketCloser,
} from './chatFanout.js';

export const CHAT_CHANNEL = 'parley_chat';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_MS = 1000;

/**
 * What travels on the channel: the event itself, or for one too large for a NOTIFY payload (a
 * long message, a voice chunk, a message with its voice renditions) the id of its fanout_spill
 * row, or sessions that ended (their sockets close on every instance).
 */
type Notification =
  | { origin: string; event: ChatEvent }
  | { origin: string; spill: number }
  | { origin: string; ended: EndedSessions };

/** Spilled events older than this are deleted (every instance has long read them by then). */
const SPILL_KEEP_MS = 10 * 60_000;
const SPILL_SWEEP_MS = 60_000;

/**
 * Fan-out across server instances sharing one PostgreSQL (architecture.md §5): every event is
 * delivered to this instance's sockets at once and published with NOTIFY; each instance LISTENs
 * and hands what other instances published to its own hub. Events published while an instance's
 * listening connection is down are not replayed to it; clients catch up from history on rejoin.
 */
export class PostgresChatFanout implements ChatFanout, SessionSocketCloser {
  private readonly origin = randomUUID();
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  // NOTIFYs go out one after another so other instances see this instance's events in order.
  private sending: Promise<unknown> = Promise.resolve();
  private receiving: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly hub: LocalChatHub,
    private readonly store: FanoutRepository,
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(
    hub: LocalChatHub,
    store: FanoutRepository,
    connectionString: string,
    log: FastifyBaseLogger,
  ): Promise<PostgresChatFanout> {
    const fanout = new PostgresChatFanout(hub, store, connectionString, log);
    await fanout.listen();
    fanout.sweepTimer = setInterval(() => {
      fanout.sweepSpill().catch((error: unknown) => log.warn({ err: error }, 'spill sweep failed'));
    }, SPILL_SWEEP_MS);
    fanout.sweepTimer.unref();
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
    const whole = JSON.stringify({ origin: this.origin, event } satisfies Notification);
    // NOTIFYs go out in order, a spilled event's included (its row is written first).
    this.sending = this.sending
      .then(async () => {
        let payload = whole;
        if (Buffer.byteLength(whole) > MAX_PAYLOAD_BYTES) {
          const spill = await this.store.spill(JSON.stringify(event));
          payload = JSON.stringify({ origin: this.origin, spill } satisfies Notification);
        }
        await this.store.notify(CHAT_CHANNEL, payload);
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'chat fan-out NOTIFY failed'));
  }

  /**
   * Closes the ended sessions' sockets here at once and on the other instances through the same
   * channel (so in order with the events before it). Settles when the NOTIFY went out or failed;
   * a failure is logged: the sessions are revoked in the database all the same, and a socket an
   * instance did not hear of closes when its token expires.
   */
  endSessions(ended: EndedSessions): Promise<void> {
    void this.hub.endSessions(ended);
    const payload = JSON.stringify({ origin: this.origin, ended } satisfies Notification);
    const sent = this.sending.then(async () => {
      await this.store.notify(CHAT_CHANNEL, payload);
    });
    this.sending = sent.catch((error: unknown) =>
      this.log.error({ err: error }, 'chat fan-out NOTIFY of ended sessions failed'),
    );
    return this.sending.then(() => undefined);
  }

  /** Deletes spilled events every instance has read long ago. */
  private async sweepSpill(): Promise<void> {
    const before = new Date(Date.now() - SPILL_KEEP_MS);
    await this.store.deleteSpilledBefore(before);
  }

  private receive(payload: string): void {
    let notification: Notification;
    try {
      notification = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    if (notification.origin === this.origin) return;
    // In arrival order, even when a spilled event has to be read back first.
    this.receiving = this.receiving
      .then(async () => {
        if ('event' in notification) {
          this.hub.publish(notification.event);
          return;
        }
        if ('ended' in notification) {
          await this.hub.endSessions(notification.ended);
          return;
        }
        const spilled = await this.store.spilled(notification.spill);
        if (spilled === null) return;
        this.hub.publish(JSON.parse(spilled) as ChatEvent);
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'chat fan-out delivery failed'));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.sending;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.hub.close();
  }
}
