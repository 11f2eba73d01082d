import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PresenceRepository, StoredTyping } from '../plugins/app/index.js';
import type { ChatFanout } from './chatFanout.js';

export interface InstancePresenceOptions {
  /** How often this instance says it is alive and sweeps dead ones (default 10 s). */
  heartbeatMs?: number;
  /** An instance not seen for this long is dead (default three heartbeats). */
  aliveMs?: number;
  /**
   * Whether other instances may share the database (PostgreSQL). Alone (PGlite), this process's
   * sockets are everyone's, so asking the database who is online elsewhere is skipped.
   */
  shared: boolean;
}

/**
 * Issue 28: what this instance's sockets tell every instance sharing the database. Who has a
 * socket open here (pushes are not sent to someone connected to any instance), and who is typing
 * through a socket here, so the indicator stops when that person's last socket here closes, or,
 * when this instance dies without a word, once another instance sees its heartbeat lapse.
 * Writes happen when a person's first socket here opens or last one closes and on typing frames,
 * never per chat message.
 */
export class InstancePresence {
  readonly instanceId = randomUUID();
  private readonly heartbeatMs: number;
  readonly aliveMs: number;
  private readonly socketsHere = new Map<number, number>();
  /** Per person, their writes in order (an open then a close must not land the other way). */
  private readonly chains = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: PresenceRepository,
    private readonly fanout: ChatFanout,
    private readonly log: FastifyBaseLogger,
    private readonly options: InstancePresenceOptions,
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.aliveMs = options.aliveMs ?? this.heartbeatMs * 3;
  }

  /** Says this instance is alive and starts the heartbeat. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beat();
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /** A socket of the person opened here. */
  opened(userId: number): void {
    const count = (this.socketsHere.get(userId) ?? 0) + 1;
    this.socketsHere.set(userId, count);
    if (count === 1)
      this.inOrder(userId, () => this.repository.socketOpened(this.instanceId, userId));
  }

  /** A socket of the person closed here: their last one takes their indicators with it. */
  closed(userId: number): void {
    const count = (this.socketsHere.get(userId) ?? 0) - 1;
    if (count > 0) {
      this.socketsHere.set(userId, count);
      return;
    }
    this.socketsHere.delete(userId);
    this.inOrder(userId, async () => {
      await this.repository.socketsClosed(this.instanceId, userId);
      this.tellStopped(await this.repository.takeTypingOf(this.instanceId, userId));
    });
  }

  /** An indicator the person started or stopped through a socket here (already relayed). */
  indicated(typing: StoredTyping, active: boolean): void {
    this.inOrder(typing.userId, async () => {
      if (active) await this.repository.typingStarted(this.instanceId, typing);
      else await this.repository.typingStopped(typing.room, typing.userId, typing.kind);
    });
  }

  /** Those of `userIds` with a socket open on another live instance. */
  async onlineElsewhere(userIds: number[]): Promise<Set<number>> {
    if (!this.options.shared || userIds.length === 0) return new Set();
    return new Set(await this.repository.onlineElsewhere(userIds, this.instanceId, this.aliveMs));
  }

  /** Stopping: writes finish, then this instance's rows go (and its typists' stops are told). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await Promise.all([...this.chains.values()]);
    try {
      this.tellStopped(await this.repository.forget(this.instanceId));
    } catch (error) {
      this.log.warn({ err: error }, 'forgetting this instance’s sockets failed');
    }
  }

  private async beat(): Promise<void> {
    try {
      if (await this.repository.heartbeat(this.instanceId)) {
        // New, or swept as dead during a long pause: the people connected here are written again.
        for (const userId of this.socketsHere.keys()) {
          this.inOrder(userId, () => this.repository.socketOpened(this.instanceId, userId));
        }
      }
      this.tellStopped(await this.repository.sweepDead(this.aliveMs));
    } catch (error) {
      this.log.warn({ err: error }, 'instance heartbeat failed');
    }
  }

  private tellStopped(stopped: StoredTyping[]): void {
    for (const typing of stopped) {
      const base = { sender_id: typing.userId, username: typing.username, room_name: typing.room };
      this.fanout.publish({
        recipients: typing.recipients,
        room: typing.room,
        frame:
          typing.kind === 'typing'
            ? { type: 'typing_indicator', ...base, is_typing: false }
            : { type: 'recording_indicator', ...base, is_recording: false },
      });
    }
  }

  private inOrder(userId: number, write: () => Promise<void>): void {
    const next = (this.chains.get(userId) ?? Promise.resolve())
      .then(write)
      .catch((error: unknown) => this.log.warn({ err: error }, 'presence write failed'));
    this.chains.set(userId, next);
    void next.then(() => {
      if (this.chains.get(userId) === next) this.chains.delete(userId);
    });
  }
}
