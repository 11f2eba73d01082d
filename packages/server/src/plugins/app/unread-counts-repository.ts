import { UNREAD_COUNT_CAP } from '@parley/chat-sdk';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';

/**
 * Unread counts of a person's chats (issue 25, docs/protocol.md "Unread counts and muted chats");
 * `app.unreadCountsRepository`. A chat's count is its messages from others after the person's
 * read mark (room_receipts.read_up_to, 0 before any), leaving out messages deleted for everyone,
 * messages the person hid for themselves, system rows (group events) and messages of people
 * the person blocked (issue 29).
 */
export interface UnreadCountsRepository {
  /**
   * One query for the whole list: each room's count, at most UNREAD_COUNT_CAP (rooms with none
   * are left out). Each room reads at most the cap's worth of rows through messages(room, id), so
   * a person with hundreds of long-unread chats costs a bounded index walk per chat.
   */
  ofRooms(userId: number, rooms: readonly string[]): Promise<Map<string, number>>;
}

export function createUnreadCountsRepository(db: Database): UnreadCountsRepository {
  return {
    async ofRooms(userId, rooms) {
      const counts = new Map<string, number>();
      const unique = [...new Set(rooms)];
      if (unique.length === 0) return counts;
      const listed = sql.join(
        unique.map((room) => sql`(${room})`),
        sql`, `,
      );
      const result = await db.execute(sql`
        select listed.room, unread.count::integer as count
        from (values ${listed}) as listed(room)
        left join room_receipts r on r.room = listed.room and r.user_id = ${userId}
        cross join lateral (
          select count(*) as count from (
            select 1 from messages m
            where m.room = listed.room
              and m.id > coalesce(r.read_up_to, 0)
              and m.sender_id <> ${userId}
              and m.deleted_at is null
              and m.group_event is null
              and not exists (
                select 1 from hidden_messages h where h.user_id = ${userId} and h.message_id = m.id
              )
              -- Issue 29: messages of people the reader blocked are never unread.
              and not exists (
                select 1 from blocks b where b.blocker_id = ${userId} and b.blocked_id = m.sender_id
              )
            order by m.id
            limit ${UNREAD_COUNT_CAP}
          ) as capped
        ) as unread
        where unread.count > 0`);
      const rows = (result as unknown as { rows: { room: string; count: number }[] }).rows;
      for (const row of rows) counts.set(row.room, Number(row.count));
      return counts;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    unreadCountsRepository: UnreadCountsRepository;
  }
}

/** Attaches `app.unreadCountsRepository`. */
export const unreadCountsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('unreadCountsRepository', createUnreadCountsRepository(options.db));
  },
  { name: 'unread-counts-repository' },
);
