import { type ChatMessage, languageCodeForName, type ServerFrame } from '@parley/chat-sdk';
import { eq, inArray } from 'drizzle-orm';
import { messages, type UserRow, users } from '../db/schema.js';
import {
  FREE_DAILY_TRANSLATED_MESSAGES,
  hasUnlimitedPlan,
  translationLimitWarning,
  USAGE_KINDS,
  type UsageCounters,
} from '../usage/index.js';
import type { ChatFanout } from './chatFanout.js';
import type { StoredMessage } from './messageStore.js';
import {
  type ChatTranslation,
  hasText,
  originalView,
  readerView,
  sourceLanguage,
  translateForReaders,
} from './messageTranslation.js';

/** One frame for some users. */
interface Delivery {
  recipients: number[];
  frame: ServerFrame;
  readerLanguage?: string;
}

/**
 * Takes a stored message to its readers (architecture.md §5): each distinct reader language is
 * translated once, concurrently, then every reader gets `message` in their language with the
 * original alongside. Work happens after the message is stored and outside the group commit, so
 * a slow engine delays only its own room; within a room, messages go out in stored order.
 */
export class ChatDelivery {
  private readonly rooms = new Map<string, Promise<void>>();
  private readonly members: MemberLoader;

  constructor(
    private readonly deps: ChatTranslation,
    private readonly usage: UsageCounters,
    private readonly fanout: ChatFanout,
  ) {
    this.members = new MemberLoader(deps.db);
  }

  /** Rooms with deliveries still in flight (tests and shutdown). */
  get pendingRooms(): number {
    return this.rooms.size;
  }

  /** Resolves when every delivery queued so far has gone out. */
  async idle(): Promise<void> {
    while (this.rooms.size > 0) await Promise.all(this.rooms.values());
  }

  /**
   * Queues delivery behind the room's earlier messages; call it as soon as the message is stored
   * so the room's order is the stored order. Never rejects: an error delivers the original.
   */
  deliver(stored: StoredMessage, room: string, memberIds: number[], senderId: number): void {
    const message = stored.message;
    const plan: Promise<Delivery[]> = stored.created
      ? this.plan(message, memberIds, senderId).catch((error: unknown) => {
          this.deps.log.error({ err: error, messageId: message.id }, 'message delivery failed');
          return [{ recipients: memberIds, frame: chatFrame(originalView(message)) }];
        })
      : // A retry only needs the sender's echo: the others got the message the first time.
        Promise.resolve([{ recipients: [senderId], frame: chatFrame(originalView(message)) }]);
    const previous = this.rooms.get(room) ?? Promise.resolve();
    const done = Promise.all([plan, previous]).then(([deliveries]) => {
      for (const delivery of deliveries) {
        this.fanout.publish({ ...delivery, room });
      }
    });
    const tail = done.catch((error: unknown) => {
      this.deps.log.error({ err: error, messageId: message.id }, 'message fan-out failed');
    });
    this.rooms.set(room, tail);
    void tail.then(() => {
      if (this.rooms.get(room) === tail) this.rooms.delete(room);
    });
  }

  private async plan(
    message: ChatMessage,
    memberIds: number[],
    senderId: number,
  ): Promise<Delivery[]> {
    const members = await this.members.load(memberIds);
    const sender = members.find((member) => member.id === senderId);
    const text = message.original_message;
    const profileCode =
      (sender && languageCodeForName(sender.language)) ?? message.original_language;
    if (!sender || !profileCode || !hasText(text)) {
      return [{ recipients: memberIds, frame: chatFrame(originalView(message)) }];
    }

    // The profile language unless the text is clearly another one (the sender's cached row may
    // also be a few seconds older than a language change).
    const source = await sourceLanguage(this.deps, text, profileCode);
    if (source !== message.original_language) {
      message.original_language = source;
      await this.deps.db
        .update(messages)
        .set({ originalLanguage: source })
        .where(eq(messages.id, message.id));
    }

    const original: number[] = [senderId];
    const byLanguage = new Map<string, number[]>();
    for (const member of members) {
      if (member.id === senderId) continue;
      const code = languageCodeForName(member.language);
      if (!code || code === source) {
        original.push(member.id);
        continue;
      }
      const ids = byLanguage.get(code) ?? [];
      ids.push(member.id);
      byLanguage.set(code, ids);
    }
    if (byLanguage.size === 0) {
      // Same-language chat: free, untouched, never counted.
      return [{ recipients: original, frame: chatFrame(originalView(message)) }];
    }

    let refundDay: string | null = null;
    // Only a translation the engine can make counts: pairs it has no route for never do.
    if (!hasUnlimitedPlan(sender) && (await this.canTranslate(source, [...byLanguage.keys()]))) {
      const consumption = await this.usage.consume(
        sender,
        USAGE_KINDS.translatedMessage,
        FREE_DAILY_TRANSLATED_MESSAGES,
      );
      if (!consumption.allowed) {
        await this.deps.db
          .update(messages)
          .set({ translationLimited: true })
          .where(eq(messages.id, message.id));
        const everyone = [...original, ...[...byLanguage.values()].flat()];
        return [
          { recipients: everyone, frame: chatFrame(originalView(message)) },
          { recipients: [senderId], frame: translationLimitWarning() },
        ];
      }
      refundDay = consumption.day;
    }

    const texts = await translateForReaders(this.deps, message.id, text, source, [
      ...byLanguage.keys(),
    ]);
    if (refundDay !== null && [...texts.values()].every((t) => t.failed)) {
      // Nothing was translated (engine down or no route): the unit goes back.
      await this.usage.refund(senderId, USAGE_KINDS.translatedMessage, refundDay);
    }
    const deliveries: Delivery[] = [
      { recipients: original, frame: chatFrame(originalView(message)) },
    ];
    for (const [code, ids] of byLanguage) {
      const readerText = texts.get(code) ?? {
        text,
        translated: false,
        failed: true,
      };
      deliveries.push({
        recipients: ids,
        frame: chatFrame(readerView(message, readerText)),
        readerLanguage: code,
      });
    }
    return deliveries;
  }

  /** Whether the engine lists a route to any target (true when it cannot say). */
  private async canTranslate(from: string, targets: string[]): Promise<boolean> {
    const capabilities = await this.deps.translator.capabilities().catch(() => null);
    if (!capabilities) return true;
    return capabilities.pairs.some((pair) => pair.from === from && targets.includes(pair.to));
  }
}

type Member = Pick<
  UserRow,
  'id' | 'language' | 'timezone' | 'subscriptionActive' | 'isLifetime' | 'isOrgAdmin'
>;

/**
 * Members' current language and plan, read fresh for every message (a language changed a moment
 * ago applies to the next message) but in one query for all messages stored in the same group
 * commit, so a busy server does not pay one query per message.
 */
class MemberLoader {
  private waiting: {
    ids: Set<number>;
    resolve: (rows: Map<number, Member>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private scheduled = false;

  constructor(private readonly db: ChatTranslation['db']) {}

  async load(ids: number[]): Promise<Member[]> {
    const rows = await new Promise<Map<number, Member>>((resolve, reject) => {
      this.waiting.push({ ids: new Set(ids), resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    const ids = new Set<number>();
    for (const item of batch) for (const id of item.ids) ids.add(id);
    try {
      const rows = await this.db
        .select({
          id: users.id,
          language: users.language,
          timezone: users.timezone,
          subscriptionActive: users.subscriptionActive,
          isLifetime: users.isLifetime,
          isOrgAdmin: users.isOrgAdmin,
        })
        .from(users)
        .where(inArray(users.id, [...ids]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const item of batch) item.resolve(byId);
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}

/** Spec §7 incoming chat_message: the message's fields flat beside `type`. */
export function chatFrame(message: ChatMessage): ServerFrame {
  return { type: 'chat_message', ...message };
}
