import { MEDIA_PATHS } from '@parley/chat-sdk';
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
  /** The same with its accents folded (searchFolding.ts). */
  foldedTerms: string;
  /** One canonical room the reader may use (checked by the caller); absent: all their rooms. */
  room?: string;
  /** Only hits older than this message id (the cursor). */
  beforeId?: number;
  limit: number;
}

/**
 * A text marked under the reader's configuration and under 'simple', each as written and with
 * its accents folded (searchHighlight.ts reads them back as ranges of `text`).
 */
export interface MarkedText {
  text: string;
  marks: (string | null)[];
}

/** A matching message id, with the matched words marked (searchHighlight.ts) in its texts. */
export interface MessageSearchHit {
  id: number;
  room: string;
  /** The original text's marks. */
  originalMarks: (string | null)[];
  /** The stored translation for the reader, marked likewise; null when none is shown to them. */
  translation: MarkedText | null;
  /** A voice note's transcript as recognised; null for other messages or none. */
  transcript: MarkedText | null;
  /** The transcript translated for the reader's language; null when none is stored. */
  transcriptTranslation: MarkedText | null;
  /** The attached file's name (its separators marked as spaces); null when none. */
  fileName: MarkedText | null;
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
  original_marks: (string | null)[];
  translation_text: string | null;
  translation_marks: (string | null)[] | null;
  transcript_text: string | null;
  transcript_marks: (string | null)[] | null;
  rendition_text: string | null;
  rendition_marks: (string | null)[] | null;
  file_name: string | null;
  file_marks: (string | null)[] | null;
}

const HEADLINE_OPTIONS = sql`'HighlightAll=true, StartSel=' || chr(1) || ', StopSel=' || chr(2)`;

/** A text with the two marker characters blanked, so every marker in a headline is ts_headline's. */
const unmarked = (column: SQL) => sql`translate(${column}, chr(1) || chr(2), '  ')`;

function headline(config: SQL, text: SQL) {
  return sql`ts_headline(${config}, ${text}, q.query, ${HEADLINE_OPTIONS})`;
}

/**
 * The markings of a text (null when the text is): under the reader's configuration and 'simple',
 * as written and, when folding changes it, folded (migration 0021). Folding keeps lengths, so all
 * of them mark offsets of the same text.
 */
function marks(config: SQL, column: SQL) {
  const text = unmarked(column);
  const folded = sql`message_search_fold(${text})`;
  const simple = sql`'simple'::regconfig`;
  const whenFolded = (marking: SQL) => sql`case when ${folded} <> ${text} then ${marking} end`;
  return sql`case when ${column} is null then null else array[
    ${headline(config, text)}, ${headline(simple, text)},
    ${whenFolded(headline(config, folded))}, ${whenFolded(headline(simple, folded))}] end`;
}

const marked = (text: string | null, rowMarks: (string | null)[] | null): MarkedText | null =>
  text === null ? null : { text, marks: rowMarks ?? [] };

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

/**
 * Whose voice note transcript a reader is shown translated (voiceDelivery.ts): someone else's, in
 * the reader's language when the voice note was spoken in another.
 */
function shownRendition(readerId: number, language: string) {
  return sql`r.language = ${language} and r.transcript is not null
    and m.sender_id <> ${readerId}
    and (u.transcript_language is null or u.transcript_language <> ${language})`;
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
    async search({ readerId, language, config, terms, foldedTerms, room, beforeId, limit }) {
      const visible = visibleTo(readerId, room);
      const older = beforeId === undefined ? sql`true` : sql`m.id < ${beforeId}`;
      // Both the reader's stemming and the words as written: a Spanish reader's 'perros' finds
      // 'perro' in Spanish texts, and 'dogs' typed as it stands in an English original. The folded
      // words too: 'cafe' finds the folded lexemes of 'café', 'café' the plain 'cafe'.
      const folded =
        foldedTerms === terms
          ? sql``
          : sql`|| to_tsquery(${config}::regconfig, ${foldedTerms})
            || to_tsquery('simple'::regconfig, ${foldedTerms})`;
      const query = sql`(to_tsquery(${config}::regconfig, ${terms})
        || to_tsquery('simple'::regconfig, ${terms}) ${folded})`;
      // A voice note's message from its upload (messages_audio_url_idx), and the upload of a
      // message (media_uploads_stored_name_key): the same link read from either side.
      const prefix = MEDIA_PATHS.filesPrefix;
      const voice = sql`m.audio_url = ${prefix}::text || u.stored_name and u.kind = 'voice'`;
      const uploadOf = sql`left(m.audio_url, ${prefix.length}) = ${prefix}
        and u.stored_name = substr(m.audio_url, ${prefix.length + 1}) and u.kind = 'voice'`;
      const translated =
        language === null
          ? sql``
          : sql`union
            select m.id from message_translations t join messages m on m.id = t.message_id, q
            where t.search_vector @@ q.query and ${shownTranslation(readerId, language)}
              and ${visible} and ${older}
            union
            select m.id from voice_renditions r
              join media_uploads u on u.id = r.upload_id
              join messages m on ${voice}, q
            where r.search_vector @@ q.query and ${shownRendition(readerId, language)}
              and ${visible} and ${older}`;
      const joinTranslation =
        language === null
          ? sql`left join message_translations t on false
              left join voice_renditions r on false`
          : sql`left join message_translations t on t.message_id = m.id
              and ${shownTranslation(readerId, language)}
              left join voice_renditions r on r.upload_id = u.id
              and ${shownRendition(readerId, language)}`;
      const readerConfig = sql`${config}::regconfig`;
      // Newest first, the ids found through any index; headlines only for the page's rows.
      const result = await db.execute(sql`
        with q as (select ${query} as query),
        hits as (
          select m.id from messages m, q
          where m.search_vector @@ q.query and ${visible} and ${older}
          union
          select m.id from media_uploads u join messages m on ${voice}, q
          where u.search_vector @@ q.query and ${visible} and ${older}
          ${translated}
          order by 1 desc
          limit ${limit}
        )
        select m.id, m.room,
          ${marks(readerConfig, sql`m.original_message`)} as original_marks,
          t.text as translation_text,
          ${marks(readerConfig, sql`t.text`)} as translation_marks,
          u.transcript as transcript_text,
          ${marks(readerConfig, sql`u.transcript`)} as transcript_marks,
          r.transcript as rendition_text,
          ${marks(readerConfig, sql`r.transcript`)} as rendition_marks,
          m.file_name,
          ${marks(readerConfig, sql`nullif(message_search_file_text(m.file_name), '')`)} as file_marks
        from hits h join messages m on m.id = h.id cross join q
        left join media_uploads u on ${uploadOf}
        ${joinTranslation}
        order by m.id desc`);
      return (result as unknown as { rows: HitRow[] }).rows.map((row) => ({
        id: Number(row.id),
        room: row.room,
        originalMarks: row.original_marks,
        translation: marked(row.translation_text, row.translation_marks),
        transcript: marked(row.transcript_text, row.transcript_marks),
        transcriptTranslation: marked(row.rendition_text, row.rendition_marks),
        fileName: marked(row.file_name, row.file_name === null ? null : row.file_marks),
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
