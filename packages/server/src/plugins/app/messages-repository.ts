import {
  type CallEvent,
  type ChatFileType,
  type ChatMessage,
  type GroupEvent,
  languageCodeForName,
  SOCKET_LIMITS,
} from '@parley/chat-sdk';
import { and, desc, eq, getTableColumns, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  type MessageRow,
  type MessageTranslationRow,
  messages,
  messageTranslations,
  type StoredCallEvent,
  type StoredGroupEvent,
  type StoredMention,
  type UserRow,
  users,
} from '../../db/schema.js';
import { createBatchedWrite } from './batchedWrite.js';
import { messageActionFields, notHiddenFrom } from './messageActionFields.js';
import type { MessageSender } from './users-repository.js';

export interface NewMessage {
  room: string;
  /** The client's id for idempotent sends (the socket assigns one when the client sent none). */
  clientId: string;
  text: string;
  fileType: ChatFileType;
  fileUrl: string | null;
  fileName: string | null;
  audioUrl: string | null;
  transcript: string | null;
  /** The conversation's record of a call (written by the server, never by a client frame). */
  callEvent?: StoredCallEvent | null;
  /** The message of the same room this one replies to (checked by the caller). */
  replyToId?: number | null;
  /** Group members the text names (validated by the handler, src/chat/mentions.ts). */
  mentions?: StoredMention[];
  /** A group's record of its own event (written by the server, never by a client frame). */
  groupEvent?: StoredGroupEvent | null;
}

/** A text message with no file: the server's own records (calls, group events) and tests. */
export function textMessage(
  room: string,
  clientId: string,
  text: string,
  extra: Partial<NewMessage> = {},
): NewMessage {
  return {
    room,
    clientId,
    text,
    fileType: 'text',
    fileUrl: null,
    fileName: null,
    audioUrl: null,
    transcript: null,
    ...extra,
  };
}

type SenderColumns = Pick<UserRow, 'username' | 'profileImage'>;

export function toChatMessage(
  row: Omit<MessageRow, 'searchVector'>,
  sender: SenderColumns,
): ChatMessage {
  return {
    id: row.id,
    client_id: row.clientId,
    room_name: row.room,
    sender_id: row.senderId,
    sender_username: sender.username,
    sender_profile_image: sender.profileImage,
    message: row.message,
    original_message: row.originalMessage,
    original_language: row.originalLanguage,
    file_type: row.fileType as ChatFileType,
    file_url: row.fileUrl,
    file_name: row.fileName,
    audio_url: row.audioUrl,
    transcript: row.transcript,
    timestamp: row.createdAt.toISOString(),
    ...(row.callEvent ? { call_event: row.callEvent as CallEvent } : {}),
    ...messageActionFields(row),
    ...(row.linkPreview ? { link_preview: row.linkPreview } : {}),
    ...(row.mentions?.length ? { mentions: row.mentions } : {}),
    ...(row.groupEvent ? { group_event: row.groupEvent as GroupEvent } : {}),
  };
}

export interface StoredMessage {
  message: ChatMessage;
  /** False when the sender's client_id was already stored: the earlier copy is returned. */
  created: boolean;
}

function insertValues(sender: MessageSender, input: NewMessage) {
  return {
    room: input.room,
    senderId: sender.id,
    // Readers' texts live in message_translations; this column keeps the original.
    message: input.text,
    originalMessage: input.text,
    originalLanguage: languageCodeForName(sender.language) ?? null,
    fileType: input.fileType,
    fileUrl: input.fileUrl,
    fileName: input.fileName,
    audioUrl: input.audioUrl,
    transcript: input.transcript,
    clientId: input.clientId,
    callEvent: input.callEvent ?? null,
    replyToId: input.replyToId ?? null,
    mentions: input.mentions?.length ? input.mentions : null,
    groupEvent: input.groupEvent ?? null,
  };
}

/**
 * Stores a message once per (sender, client_id): a retry of a send whose echo was lost gets the
 * stored copy back instead of a duplicate.
 */
export async function storeMessage(
  db: Database,
  sender: MessageSender,
  input: NewMessage,
): Promise<StoredMessage> {
  const [stored] = await storeMessages(db, [{ sender, input }]);
  if (!stored) throw new Error('storeMessages returned nothing');
  return stored;
}

interface PendingMessage {
  sender: MessageSender;
  input: NewMessage;
}

const keyOf = (senderId: number, clientId: string | null) => `${senderId}\u0000${clientId}`;

/** A stored message's columns as the insert returns them (no search document). */
type InsertedMessage = Omit<MessageRow, 'searchVector'>;

const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/**
 * Several messages in one statement, one array parameter per column (unnest): built and parsed in
 * the same time for one message or two hundred, where a multi-row VALUES costs drizzle and the
 * driver a parameter per cell (docs/performance.md, "Fan-out, round three"). The JSON columns go
 * as text and are cast per row; NULL stays NULL. Returns the columns toChatMessage reads.
 */
async function insertMessages(db: Database, batch: PendingMessage[]): Promise<InsertedMessage[]> {
  const rows = batch.map(({ sender, input }) => insertValues(sender, input));
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  const result = await db.execute(sql`
    insert into messages (room, sender_id, message, original_message, original_language,
      file_type, file_url, file_name, audio_url, transcript, client_id, call_event, reply_to_id,
      mentions, group_event)
    select v.room, v.sender_id, v.message, v.message, v.original_language, v.file_type, v.file_url,
      v.file_name, v.audio_url, v.transcript, v.client_id, v.call_event::jsonb, v.reply_to_id,
      v.mentions::jsonb, v.group_event::jsonb
    from unnest(${column((row) => row.room)}::text[], ${column((row) => row.senderId)}::int[],
      ${column((row) => row.message)}::text[], ${column((row) => row.originalLanguage)}::text[],
      ${column((row) => row.fileType)}::text[], ${column((row) => row.fileUrl)}::text[],
      ${column((row) => row.fileName)}::text[], ${column((row) => row.audioUrl)}::text[],
      ${column((row) => row.transcript)}::text[], ${column((row) => row.clientId)}::text[],
      ${column((row) => json(row.callEvent))}::text[], ${column((row) => row.replyToId)}::int[],
      ${column((row) => json(row.mentions))}::text[], ${column((row) => json(row.groupEvent))}::text[])
      as v(room, sender_id, message, original_language, file_type, file_url, file_name, audio_url,
        transcript, client_id, call_event, reply_to_id, mentions, group_event)
    on conflict (sender_id, client_id) do nothing
    returning id, room, sender_id as "senderId", message, original_message as "originalMessage",
      original_language as "originalLanguage", file_type as "fileType", file_url as "fileUrl",
      file_name as "fileName", audio_url as "audioUrl", transcript, client_id as "clientId",
      translation_limited as "translationLimited", call_event as "callEvent",
      link_preview as "linkPreview", mentions, group_event as "groupEvent",
      created_at as "createdAt", reply_to_id as "replyToId", edited_at as "editedAt",
      deleted_at as "deletedAt"`);
  // A raw statement's values come as the driver gives them (drizzle keeps timestamps as text):
  // each column's own mapping makes them what a drizzle select returns.
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => {
          const column = MESSAGE_COLUMNS[key as keyof typeof MESSAGE_COLUMNS];
          return [key, value === null || !column ? value : column.mapFromDriverValue(value)];
        }),
      ) as InsertedMessage,
  );
}
const MESSAGE_COLUMNS = getTableColumns(messages);

/** Several messages in one statement; answers in input order, created or found by client_id. */
async function storeMessages(db: Database, batch: PendingMessage[]): Promise<StoredMessage[]> {
  const inserted = await insertMessages(db, batch);
  const fresh = new Map(inserted.map((row) => [keyOf(row.senderId, row.clientId), row]));
  const results: StoredMessage[] = [];
  for (const { sender, input } of batch) {
    const key = keyOf(sender.id, input.clientId);
    const row = fresh.get(key);
    if (row) {
      // A second copy in the same batch is a retry of the first.
      fresh.delete(key);
      results.push({ message: toChatMessage(row, sender), created: true });
      continue;
    }
    const [existing] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, sender.id), eq(messages.clientId, input.clientId)))
      .limit(1);
    if (!existing) throw new Error('message with a conflicting client_id vanished');
    results.push({ message: toChatMessage(existing, sender), created: false });
  }
  return results;
}

const MAX_BATCH = 200;

export interface MessageWriter {
  store(sender: MessageSender, input: NewMessage): Promise<StoredMessage>;
  /** Resolves once every message handed to `store` so far has been written (or has failed). */
  idle(): Promise<void>;
}

/**
 * Group commit: messages that arrive while a write is in flight go out together in the next
 * statement. An embedded PGlite commit costs milliseconds and blocks the event loop, so under load
 * this multiplies throughput; a lone message waits only for the current I/O turn to end.
 */
export function createMessageWriter(db: Database): MessageWriter {
  let pending: (PendingMessage & {
    resolve: (stored: StoredMessage) => void;
    reject: (error: unknown) => void;
  })[] = [];
  let writing = false;
  let drained: Promise<void> = Promise.resolve();

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.slice(0, MAX_BATCH);
      pending = pending.slice(batch.length);
      try {
        const stored = await storeMessages(db, batch);
        for (const [index, item] of batch.entries()) item.resolve(stored[index] as StoredMessage);
      } catch (error) {
        // One bad row fails the statement: retry each alone so only that one reports failure.
        if (batch.length === 1) batch[0]?.reject(error);
        else {
          for (const item of batch) {
            await storeMessage(db, item.sender, item.input).then(item.resolve, item.reject);
          }
        }
      }
    }
    writing = false;
  }

  return {
    store(sender, input) {
      return new Promise((resolve, reject) => {
        pending.push({ sender, input, resolve, reject });
        if (writing) return;
        writing = true;
        // Wait for the rest of this I/O turn: frames read together are written together.
        drained = new Promise((done) => setImmediate(() => void drain().finally(done)));
      });
    },
    async idle() {
      while (writing) {
        await drained;
        // Let the senders' continuations (which queue the deliveries) run first.
        await new Promise((done) => setImmediate(done));
      }
    },
  };
}

export interface HistoryPage {
  /** The originals; `localizeHistory` turns them into the reader's language. */
  messages: ChatMessage[];
  hasMore: boolean;
  /** Messages sent over the sender's free translation limit: they stay untranslated. */
  limitedIds: Set<number>;
}

/** The newest page of a room, or the page before message `before`; oldest first. */
export async function loadHistory(
  db: Database,
  room: string,
  before?: number,
  pageSize: number = SOCKET_LIMITS.historyPageSize,
  readerId?: number,
): Promise<HistoryPage> {
  const rows = await db
    .select({ message: messages, username: users.username, profileImage: users.profileImage })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.room, room),
        before === undefined ? undefined : lt(messages.id, before),
        readerId === undefined ? undefined : notHiddenFrom(readerId),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize).reverse();
  return {
    messages: page.map((row) => toChatMessage(row.message, row)),
    hasMore: rows.length > pageSize,
    limitedIds: new Set(
      page.filter((row) => row.message.translationLimited).map((row) => row.message.id),
    ),
  };
}

/** One stored message by id, as the socket sends it; null when it no longer exists. */
export async function loadMessage(db: Database, id: number): Promise<ChatMessage | null> {
  const [row] = await db
    .select({ message: messages, username: users.username, profileImage: users.profileImage })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id))
    .limit(1);
  return row ? toChatMessage(row.message, row) : null;
}

/** A reader language's text of a message, as stored at send time or on a history read. */
export interface StoredTranslation {
  messageId: number;
  language: string;
  text: string;
  engine: string | null;
  failed: boolean;
  /** Issue 26: words the engine left untranslated (Apertium's marks), as they appear in `text`. */
  unknownWords?: string[] | null;
}

/** Storage of messages and their translations; the chat reaches it as `app.messagesRepository`. */
export interface MessagesRepository {
  /** Stores once per (sender, client_id), in group commits (createMessageWriter). */
  store(sender: MessageSender, input: NewMessage): Promise<StoredMessage>;
  /** Resolves once every message handed to `store` so far has been written (or has failed). */
  idle(): Promise<void>;
  /** The newest page of a room, or the page before message `before`; oldest first. Without the
   * messages `readerId` deleted for themselves; `pageSize` for a page reaching back to a message. */
  history(
    room: string,
    before?: number,
    readerId?: number,
    pageSize?: number,
  ): Promise<HistoryPage>;
  byId(id: number): Promise<ChatMessage | null>;
  setOriginalLanguage(id: number, language: string): Promise<void>;
  /** Sent over the sender's free translation limit: it stays untranslated, history included. */
  markTranslationLimited(id: number): Promise<void>;
  translations(
    ids: readonly number[],
    language: string,
  ): Promise<
    Pick<MessageTranslationRow, 'messageId' | 'text' | 'failed' | 'engine' | 'unknownWords'>[]
  >;
  /** Send-time results, failures included; an existing row is kept. */
  addTranslations(rows: StoredTranslation[]): Promise<void>;
  /** History results: a successful translation replaces a stored failure. */
  replaceTranslations(rows: StoredTranslation[]): Promise<void>;
  /**
   * The newest stored row of each private room of `userId` (its name holds both ids), leaving out
   * the rows they deleted for themselves (issue 25: a hidden message is never the list's preview).
   */
  latestPrivate(userId: number): Promise<MessageRow[]>;
  /** The newest stored row of each of these rooms; with `readerId`, not one they hid. */
  latestIn(rooms: readonly string[], readerId?: number): Promise<MessageRow[]>;
}

export function createMessagesRepository(db: Database): MessagesRepository {
  const writer = createMessageWriter(db);
  // Written at delivery, one or two per message: batched (batchedWrite.ts says why).
  const addTranslation = createBatchedWrite<StoredTranslation>(async (rows) => {
    // One array parameter per column, as the messages' insert (unknown words as JSON per row:
    // arrays of arrays cannot be unnested). An existing row is kept.
    const column = <T>(pick: (row: StoredTranslation) => T) => sql.param(rows.map(pick));
    await db.execute(sql`
      insert into message_translations (message_id, language, text, engine, failed, unknown_words)
      select v.message_id, v.language, v.text, v.engine, v.failed,
        case when v.unknown_words is null then null
             else array(select jsonb_array_elements_text(v.unknown_words::jsonb)) end
      from unnest(${column((row) => row.messageId)}::int[], ${column((row) => row.language)}::text[],
        ${column((row) => row.text)}::text[], ${column((row) => row.engine)}::text[],
        ${column((row) => row.failed)}::boolean[], ${column((row) => json(row.unknownWords))}::text[])
        as v(message_id, language, text, engine, failed, unknown_words)
      on conflict do nothing`);
  });
  const setLanguage = createBatchedWrite<{ id: number; language: string }>(async (rows) => {
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::integer, ${row.language}::text)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${messages} set original_language = v.language
          from (values ${values}) as v (id, language) where ${messages.id} = v.id`,
    );
  });
  return {
    store: (sender, input) => writer.store(sender, input),
    idle: () => writer.idle(),
    history: (room, before, readerId, pageSize) =>
      loadHistory(db, room, before, pageSize ?? SOCKET_LIMITS.historyPageSize, readerId),
    byId: (id) => loadMessage(db, id),
    setOriginalLanguage: (id, language) => setLanguage({ id, language }),
    async markTranslationLimited(id) {
      await db.update(messages).set({ translationLimited: true }).where(eq(messages.id, id));
    },
    translations(ids, language) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          messageId: messageTranslations.messageId,
          text: messageTranslations.text,
          failed: messageTranslations.failed,
          engine: messageTranslations.engine,
          unknownWords: messageTranslations.unknownWords,
        })
        .from(messageTranslations)
        .where(
          and(
            inArray(messageTranslations.messageId, [...ids]),
            eq(messageTranslations.language, language),
          ),
        );
    },
    async addTranslations(rows) {
      await Promise.all(rows.map(addTranslation));
    },
    latestPrivate(userId) {
      return db
        .selectDistinctOn([messages.room])
        .from(messages)
        .where(
          and(
            like(messages.room, 'private-%'),
            or(
              like(messages.room, `private-${userId}-%`),
              like(messages.room, `private-%-${userId}`),
            ),
            notHiddenFrom(userId),
          ),
        )
        .orderBy(messages.room, desc(messages.id));
    },
    latestIn(rooms, readerId) {
      if (rooms.length === 0) return Promise.resolve([]);
      const inRooms = inArray(messages.room, [...rooms]);
      return db
        .selectDistinctOn([messages.room])
        .from(messages)
        .where(readerId === undefined ? inRooms : and(inRooms, notHiddenFrom(readerId)))
        .orderBy(messages.room, desc(messages.id));
    },
    async replaceTranslations(rows) {
      if (rows.length === 0) return;
      await db
        .insert(messageTranslations)
        .values(rows)
        .onConflictDoUpdate({
          target: [messageTranslations.messageId, messageTranslations.language],
          set: {
            text: sql`excluded.text`,
            engine: sql`excluded.engine`,
            unknownWords: sql`excluded.unknown_words`,
            failed: false,
          },
        });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    messagesRepository: MessagesRepository;
  }
}

/** Attaches `app.messagesRepository`. */
export const messagesRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('messagesRepository', createMessagesRepository(options.db));
  },
  { name: 'messages-repository' },
);
