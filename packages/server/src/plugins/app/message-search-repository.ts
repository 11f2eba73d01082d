import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { messages, users } from '../../db/schema.js';
import { type HistoryPage, toChatMessage } from './messages-repository.js';

/** One search of the messages a reader can see (src/chat/search/messageSearchRoutes.ts). */
export interface MessageSearchQuery {
  readerId: number;
  /** The reader's language code: its stored translations are searched too. Null: originals only. */
  language: string | null;
  /** The text search configuration the reader's words are stemmed with (searchConfigs.ts). */
  config: string;
  /** A to_tsquery text made by parseSearchQuery (letters, digits, `&` and a final `:*`). */
  terms: string;
  /** One canonical room the reader may use (checked by the caller); absent: all their rooms. */
  room?: string;
  /** Only hits older than this message id (the cursor). */
  beforeId?: number;
  limit: number;
}

/** A matching message id, with the matched words marked (searchHighlight.ts) in its texts. */
export interface MessageSearchHit {
  id: number;
  room: string;
  /** The original text marked under the reader's configuration and under 'simple'. */
  originalMarks: [string, string];
  /** The stored translation for the reader, marked likewise; null when none is shown to them. */
  translation: { text: string; marks: [string, string] } | null;
}

export interface MessageSearchRepository {
  /** Newest first; at most `limit` hits. */
  search(query: MessageSearchQuery): Promise<MessageSearchHit[]>;
  /** The hits' messages as history loads them (originals; `localizeHistory` translates them). */
  messages(ids: readonly number[]): Promise<Omit<HistoryPage, 'hasMore'>>;
  /** How many messages of `room` are at least as new as `around` (and older than `before`). */
  countSince(room: string, around: number, before?: number): Promise<number>;
}

interface HitRow {
  id: number;
  room: string;
  original_mark: string;
  original_simple_mark: string;
  translation_text: string | null;
  translation_mark: string | null;
  translation_simple_mark: string | null;
}

const HEADLINE_OPTIONS = sql`'HighlightAll=true, StartSel=' || chr(1) || ', StopSel=' || chr(2)`;

/** A text with the two marker characters blanked, so every marker in a headline is ts_headline's. */
const unmarked = (column: SQL) => sql`translate(${column}, chr(1) || chr(2), '  ')`;

function headline(config: SQL, column: SQL) {
  return sql`ts_headline(${config}, ${unmarked(column)}, q.query, ${HEADLINE_OPTIONS})`;
}

/**
 * The messages a reader sees, as history has them: not deleted for everyone or hidden by the
 * reader for themselves (message actions), in rooms as room-history access has them
 * (rooms-repository.ts): groups they are a member of now, and private rooms named with their id
 * unless a block either way closed the room.
 */
function visibleTo(readerId: number, room: string | undefined): SQL {
  const shown = sql`m.deleted_at is null and not exists (
    select 1 from hidden_messages h where h.message_id = m.id and h.user_id = ${readerId})`;
  return sql`${shown} and ${visibleRooms(readerId, room)}`;
}

function visibleRooms(readerId: number, room: string | undefined): SQL {
  if (room !== undefined) return sql`m.room = ${room}`;
  return sql`(
    m.room in (
      select g.slug from groups g join group_members gm on gm.group_id = g.id
      where gm.user_id = ${readerId})
    or ((m.room like ${`private-${readerId}-%`} or m.room like ${`private-%-${readerId}`})
      and m.room not in (
        select 'private-' || least(b.blocker_id, b.blocked_id) || '-'
          || greatest(b.blocker_id, b.blocked_id)
        from blocks b where b.blocker_id = ${readerId} or b.blocked_id = ${readerId})))`;
}

/**
 * Whose stored translation a reader is shown (messageTranslation.ts, localizeHistory): someone
 * else's message sent within the free translation limit, in the reader's language.
 */
function shownTranslation(readerId: number, language: string) {
  return sql`t.language = ${language} and not t.failed
    and m.sender_id <> ${readerId} and not m.translation_limited
    and m.original_language is not null and m.original_language <> ${language}`;
}

export function createMessageSearchRepository(db: Database): MessageSearchRepository {
  return {
    async messages(ids) {
      if (ids.length === 0) return { messages: [], limitedIds: new Set() };
      const rows = await db
        .select({ message: messages, username: users.username, profileImage: users.profileImage })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.senderId))
        .where(inArray(messages.id, [...ids]))
        .orderBy(desc(messages.id));
      return {
        messages: rows.map((row) => toChatMessage(row.message, row)),
        limitedIds: new Set(
          rows.filter((row) => row.message.translationLimited).map((row) => row.message.id),
        ),
      };
    },
    async countSince(room, around, before) {
      const result = await db.execute(sql`
        select count(*)::integer as count from messages
        where room = ${room} and id >= ${around}
          and ${before === undefined ? sql`true` : sql`id < ${before}`}`);
      return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
    },
    async search({ readerId, language, config, terms, room, beforeId, limit }) {
      const visible = visibleTo(readerId, room);
      const older = beforeId === undefined ? sql`true` : sql`m.id < ${beforeId}`;
      // Both the reader's stemming and the words as written: a Spanish reader's 'perros' finds
      // 'perro' in Spanish texts, and 'dogs' typed as it stands in an English original.
      const query = sql`(to_tsquery(${config}::regconfig, ${terms})
        || to_tsquery('simple'::regconfig, ${terms}))`;
      const translated =
        language === null
          ? sql``
          : sql`union
            select m.id from message_translations t join messages m on m.id = t.message_id, q
            where t.search_vector @@ q.query and ${shownTranslation(readerId, language)}
              and ${visible} and ${older}`;
      const joinTranslation =
        language === null
          ? sql`left join message_translations t on false`
          : sql`left join message_translations t on t.message_id = m.id
              and ${shownTranslation(readerId, language)}`;
      const readerConfig = sql`${config}::regconfig`;
      const simple = sql`'simple'::regconfig`;
      // Newest first, the ids found through either index; headlines only for the page's rows.
      const result = await db.execute(sql`
        with q as (select ${query} as query),
        hits as (
          select m.id from messages m, q
          where m.search_vector @@ q.query and ${visible} and ${older}
          ${translated}
          order by 1 desc
          limit ${limit}
        )
        select m.id, m.room,
          ${headline(readerConfig, sql`m.original_message`)} as original_mark,
          ${headline(simple, sql`m.original_message`)} as original_simple_mark,
          t.text as translation_text,
          case when t.text is null then null
            else ${headline(readerConfig, sql`t.text`)} end as translation_mark,
          case when t.text is null then null
            else ${headline(simple, sql`t.text`)} end as translation_simple_mark
        from hits h join messages m on m.id = h.id cross join q
        ${joinTranslation}
        order by m.id desc`);
      return (result as unknown as { rows: HitRow[] }).rows.map((row) => ({
        id: Number(row.id),
        room: row.room,
        originalMarks: [row.original_mark, row.original_simple_mark],
        translation:
          row.translation_text === null
            ? null
            : {
                text: row.translation_text,
                marks: [row.translation_mark ?? '', row.translation_simple_mark ?? ''],
              },
      }));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    messageSearchRepository: MessageSearchRepository;
  }
}

/** Attaches `app.messageSearchRepository`. */
export const messageSearchRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('messageSearchRepository', createMessageSearchRepository(options.db));
  },
  { name: 'message-search-repository' },
);
