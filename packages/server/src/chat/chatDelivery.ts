import { type ChatMessage, languageCodeForName, type ServerFrame } from '@parley/chat-sdk';
import { batchedCalls } from '../db/batchedReads.js';
import type {
  DeliveryMember,
  MessageActionsRepository,
  StoredMessage,
  UsersRepository,
} from '../plugins/app/index.js';
import { type TranslationAllowance, translationLimitWarning } from '../usage/index.js';
import { type BlockLookup, markBlockedDeliveries } from './blockedInGroups.js';
import type { ChatFanout } from './chatFanout.js';
import { type Delivery, editedDeliveries, quoteDeliveries } from './messageActionDelivery.js';
import {
  linkPreviewForMessage,
  linkPreviewFrame,
  type MessageLinkPreviewDeps,
  withLinkPreview,
} from './messageLinkPreview.js';
import {
  type ChatTranslation,
  hasText,
  originalView,
  protectedWordsFor,
  readerView,
  sourceLanguage,
  translateForReaders,
} from './messageTranslation.js';
import { planVoiceDelivery, type VoiceDeliveryDeps } from './voiceDelivery.js';

export interface ChatDeliveryDeps {
  /** Engines and translation storage. */
  translation: ChatTranslation;
  users: UsersRepository;
  /** The Free plan's limit. */
  allowance: TranslationAllowance;
  fanout: ChatFanout;
  /** Voice notes (transcript, translation, speech) and signed file URLs; absent: none. */
  voice?: VoiceDeliveryDeps;
  /** Quoted messages of replies (issue 25); absent: replies go out without their quote. */
  actions?: MessageActionsRepository;
  /** Link preview cards (issue 25); absent: none. */
  linkPreviews?: MessageLinkPreviewDeps;
  /** Blocking in groups (issue 29); absent: nobody's messages are marked `from_blocked`. */
  blocks?: BlockLookup;
}

/** What the sender's frame decided beyond the message itself. */
export interface DeliveryOptions {
  /** The link whose card the message gets (the sender wants one and has previews on). */
  linkPreviewUrl?: string | null;
  /**
   * The members' language and plan, read while the message was being stored (`readMembers`):
   * delivery then waits for one database round trip, not two in a row.
   */
  members?: MembersRead;
}

/** The members' language and plan as read for one message (ChatDelivery.readMembers). */
export interface MembersRead {
  readonly ids: readonly number[];
  readonly rows: Promise<DeliveryMember[]>;
}

/**
 * Takes a stored message to its readers (architecture.md §5): each distinct reader language is
 * translated once, concurrently, then every reader gets `message` in their language with the
 * original alongside. Work happens after the message is stored and outside the group commit, so
 * a slow engine delays only its own room; within a room, messages go out in stored order.
 */
export class ChatDelivery {
  private readonly rooms = new Map<string, Promise<void>>();
  private readonly writes = new Set<Promise<void>>();
  private readonly members: MemberLoader;
  private readonly deps: ChatTranslation;
  private readonly fanout: ChatFanout;

  constructor(private readonly options: ChatDeliveryDeps) {
    this.deps = options.translation;
    this.fanout = options.fanout;
    this.members = new MemberLoader(options.users);
  }

  /**
   * Starts reading what the delivery will need, for a message about to be stored: the members'
   * language and plan, and the sender's glossary and blockers (kept a while by their caches,
   * personCache.ts). These reads and the store travel to the database together, and `deliver`
   * (given the members in its options) does not wait for another round trip after the store; a
   * sender's first message since their caches ran out waited for two more
   * (docs/performance.md, "Fan-out, round seven"). Read as the message is stored, so a language or
   * glossary changed a moment before still applies. Never rejects unhandled: a failed members'
   * read fails that delivery's plan, which delivers the original (as a failed read in `deliver`
   * does); a failed glossary or blockers read is read again, and reported, when delivery asks.
   */
  readMembers(memberIds: readonly number[], senderId?: number): MembersRead {
    const rows = this.members.load([...memberIds]);
    rows.catch(() => {});
    if (senderId !== undefined) {
      this.deps.glossaries?.words(senderId).catch(() => {});
      this.options.blocks?.warm?.(senderId);
    }
    return { ids: [...memberIds], rows };
  }

  /** Rooms with deliveries still in flight (tests and shutdown). */
  get pendingRooms(): number {
    return this.rooms.size;
  }

  /**
   * Resolves when every delivery queued so far has gone out and what it stored (the readers'
   * translations) is written.
   */
  async idle(): Promise<void> {
    while (this.rooms.size > 0 || this.writes.size > 0) {
      await Promise.all([...this.rooms.values(), ...this.writes]);
    }
  }

  /** A write the readers did not wait for; `idle` does. */
  private track(write: Promise<void>): void {
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
  }

  /**
   * Queues delivery behind the room's earlier messages; call it as soon as the message is stored
   * so the room's order is the stored order. Never rejects: an error delivers the original.
   */
  deliver(
    stored: StoredMessage,
    room: string,
    memberIds: number[],
    senderId: number,
    options: DeliveryOptions = {},
  ): void {
    const message = stored.message;
    // A read started for other members (the frame's recipients changed meanwhile) is not used.
    const members =
      options.members && sameMembers(options.members.ids, memberIds)
        ? options.members.rows
        : undefined;
    const planned: Promise<Delivery[]> = stored.created
      ? this.plan(message, memberIds, senderId, members).catch((error: unknown) => {
          this.deps.log.error({ err: error, messageId: message.id }, 'message delivery failed');
          return [{ recipients: memberIds, frame: chatFrame(originalView(message)) }];
        })
      : // A retry only needs the sender's echo: the others got the message the first time.
        Promise.resolve([{ recipients: [senderId], frame: chatFrame(originalView(message)) }]);
    // The card is fetched while the text is translated; a retry keeps the card stored the first time.
    const links = this.options.linkPreviews;
    const plan =
      stored.created && links && options.linkPreviewUrl
        ? Promise.all([
            planned,
            // A card later than the wait follows the message in its own frame, in room order.
            linkPreviewForMessage(links, message, options.linkPreviewUrl, (preview) =>
              this.deliverFrame(room, memberIds, linkPreviewFrame(message, preview), message.id),
            ),
          ]).then(([deliveries, preview]) =>
            deliveries.map((d) => ({ ...d, frame: withLinkPreview(d.frame, preview) })),
          )
        : planned;
    this.queue(room, message.id, this.withBlocks(this.withQuotes(plan, memberIds, members)));
  }

  /**
   * Queues an edit behind the room's earlier deliveries: each reader gets `message_edited` with
   * the new text in their language (translated like a new message). Never rejects.
   */
  deliverEdit(
    message: ChatMessage,
    room: string,
    memberIds: number[],
    senderId: number,
    editedAt: string,
  ): void {
    const plan = this.plan(message, memberIds, senderId)
      .catch((error: unknown) => {
        this.deps.log.error({ err: error, messageId: message.id }, 'edit delivery failed');
        return [{ recipients: memberIds, frame: chatFrame(originalView(message)) }];
      })
      .then((deliveries) => editedDeliveries(deliveries, editedAt));
    this.queue(room, message.id, plan);
  }

  /** Queues one frame (a deletion) behind the room's earlier deliveries. */
  deliverFrame(room: string, recipients: number[], frame: ServerFrame, messageId: number): void {
    this.queue(room, messageId, Promise.resolve([{ recipients, frame }]));
  }

  /** Replies' quotes in each reader's language; without them (logged) when that fails. */
  private async withQuotes(
    plan: Promise<Delivery[]>,
    memberIds: number[],
    read?: Promise<DeliveryMember[]>,
  ): Promise<Delivery[]> {
    const deliveries = await plan;
    const actions = this.options.actions;
    const quoting = deliveries.some((d) => d.frame.type === 'chat_message' && d.frame.reply_to);
    if (!quoting) return deliveries;
    try {
      if (!actions) throw new Error('no message actions repository');
      const members = await (read ?? this.members.load(memberIds));
      return await quoteDeliveries({ translation: this.deps, actions }, deliveries, members);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'quoting a reply failed');
      return deliveries.map((d) => {
        if (d.frame.type !== 'chat_message') return d;
        const { reply_to: _quote, ...frame } = d.frame;
        return { ...d, frame };
      });
    }
  }

  /** Issue 29: readers who blocked the sender get the message marked (blockedInGroups.ts). */
  private async withBlocks(plan: Promise<Delivery[]>): Promise<Delivery[]> {
    const deliveries = await plan;
    const blocks = this.options.blocks;
    if (!blocks) return deliveries;
    try {
      return await markBlockedDeliveries(blocks, deliveries);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'marking messages from blocked people failed');
      return deliveries;
    }
  }

  private queue(room: string, messageId: number, plan: Promise<Delivery[]>): void {
    const previous = this.rooms.get(room) ?? Promise.resolve();
    const done = Promise.all([plan, previous]).then(([deliveries]) => {
      const signer = this.options.voice?.signer;
      for (const delivery of deliveries) {
        const frame =
          signer && delivery.frame.type === 'chat_message'
            ? signer.signMessage(delivery.frame)
            : delivery.frame;
        this.fanout.publish({ ...delivery, frame, room });
      }
    });
    const tail = done.catch((error: unknown) => {
      this.deps.log.error({ err: error, messageId }, 'message fan-out failed');
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
    read?: Promise<DeliveryMember[]>,
  ): Promise<Delivery[]> {
    const members = await (read ?? this.members.load(memberIds));
    if (this.options.voice && message.audio_url) {
      const views = await planVoiceDelivery(this.options.voice, message, members, senderId);
      if (views) {
        return views.map((view) => ({
          recipients: view.recipients,
          frame: chatFrame(view.message),
          readerLanguage: view.readerLanguage,
        }));
      }
    }
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
      await this.deps.messages.setOriginalLanguage(message.id, source);
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

    const allowance = await this.options.allowance.take(sender, source, [...byLanguage.keys()]);
    if (allowance.kind === 'over') {
      await this.deps.messages.markTranslationLimited(message.id);
      const everyone = [...original, ...[...byLanguage.values()].flat()];
      return [
        { recipients: everyone, frame: chatFrame(originalView(message)) },
        { recipients: [senderId], frame: translationLimitWarning() },
      ];
    }

    const protect = await protectedWordsFor(this.deps, senderId, members);
    const { texts, stored } = await translateForReaders(
      this.deps,
      message.id,
      text,
      source,
      [...byLanguage.keys()],
      protect,
    );
    this.track(stored);
    if (allowance.kind === 'counted' && [...texts.values()].every((t) => t.failed)) {
      // Nothing was translated (engine down or no route): the unit goes back.
      await allowance.refund();
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
}

type Member = DeliveryMember;

/** Past this many members kept, the kept ones are dropped (read again as messages need them). */
const MAX_KEPT_MEMBERS = 50_000;

/**
 * Members' current language and plan, as of every message (a language changed a moment ago
 * applies to the next message), in one query for all messages stored in the same group commit, so
 * a busy server does not pay one query per message. While a read is under way, the messages that
 * arrive wait for the next one, which covers them all (each member once).
 *
 * Members already read are kept while `member_version` stays the same (a trigger on `users`
 * counts every change to what delivery reads, whichever code or instance made it): a group
 * commit whose members are all kept asks for that one row instead of ~500 members'
 * (docs/performance.md, "Fan-out, round seven"). Any change drops them all; members not kept are
 * read with the count, in one statement, so what is kept was read at one count.
 */
class MemberLoader {
  private kept = new Map<number, Member>();
  private keptAt: number | null = null;
  /** One read for the messages of a turn, or of those asked while a read is under way. */
  private readonly byTurn = batchedCalls(async (lists: readonly (readonly number[])[]) => {
    const byId = await this.current([...new Set(lists.flat())]);
    return lists.map(() => byId);
  });

  constructor(private readonly users: UsersRepository) {}

  async load(ids: number[]): Promise<Member[]> {
    const rows = await this.byTurn(ids);
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  /** These members as of now: kept ones if the count has not moved, else read with the count. */
  private async current(ids: number[]): Promise<Map<number, Member>> {
    if (this.keptAt !== null && ids.every((id) => this.kept.has(id))) {
      if ((await this.users.memberVersion()) === this.keptAt) return this.kept;
    }
    const { version, rows } = await this.users.deliveryMembersAt(ids);
    if (version !== this.keptAt || this.kept.size + rows.length > MAX_KEPT_MEMBERS) {
      this.kept = new Map();
      this.keptAt = version;
    }
    for (const row of rows) this.kept.set(row.id, row);
    return new Map(rows.map((row) => [row.id, row]));
  }
}

function sameMembers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** Spec §7 incoming chat_message: the message's fields flat beside `type`. */
export function chatFrame(message: ChatMessage): ServerFrame {
  return { type: 'chat_message', ...message };
}
