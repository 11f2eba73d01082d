import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { chatMutes } from '../../db/schema.js';

/** Chats people muted (issue 25); `app.chatMutesRepository`. Expired mutes count as none. */
export interface ChatMutesRepository {
  /** Mutes `room` for the person until `until`, or unmutes it (null). */
  set(userId: number, room: string, until: Date | null): Promise<void>;
  /** The person's mutes still running among these rooms. */
  ofRooms(userId: number, rooms: readonly string[], now?: Date): Promise<Map<string, Date>>;
  /** Those of these people who muted `room` (now). */
  mutedAmong(room: string, userIds: readonly number[], now?: Date): Promise<Set<number>>;
}

export function createChatMutesRepository(db: Database): ChatMutesRepository {
  return {
    async set(userId, room, until) {
      if (until === null) {
        await db
          .delete(chatMutes)
          .where(and(eq(chatMutes.userId, userId), eq(chatMutes.room, room)));
        return;
      }
      await db
        .insert(chatMutes)
        .values({ userId, room, mutedUntil: until })
        .onConflictDoUpdate({
          target: [chatMutes.userId, chatMutes.room],
          set: { mutedUntil: until },
        });
    },

    async ofRooms(userId, rooms, now = new Date()) {
      const byRoom = new Map<string, Date>();
      if (rooms.length === 0) return byRoom;
      const rows = await db
        .select({ room: chatMutes.room, mutedUntil: chatMutes.mutedUntil })
        .from(chatMutes)
        .where(
          and(
            eq(chatMutes.userId, userId),
            inArray(chatMutes.room, [...new Set(rooms)]),
            gt(chatMutes.mutedUntil, now),
          ),
        );
      for (const row of rows) byRoom.set(row.room, row.mutedUntil);
      return byRoom;
    },

    async mutedAmong(room, userIds, now = new Date()) {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: chatMutes.userId })
        .from(chatMutes)
        .where(
          and(
            eq(chatMutes.room, room),
            inArray(chatMutes.userId, [...new Set(userIds)]),
            gt(chatMutes.mutedUntil, now),
          ),
        );
      return new Set(rows.map((row) => row.userId));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    chatMutesRepository: ChatMutesRepository;
  }
}

/** Attaches `app.chatMutesRepository`. */
export const chatMutesRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('chatMutesRepository', createChatMutesRepository(options.db));
  },
  { name: 'chat-mutes-repository' },
);
