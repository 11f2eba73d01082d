import { type MessageReaction, REACTION_LIMITS } from '@parley/chat-sdk';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { messageReactions, messages } from '../../db/schema.js';

/** What a `react` frame did: added or removed the person's emoji, or refused a new one. */
export type ReactionToggle = { added: boolean } | { refused: 'too_many' };

/** Reactions on messages (issue 25); the chat reaches it as `app.reactionsRepository`. */
export interface ReactionsRepository {
  /** The room a message is stored in, or null when there is no such message. */
  roomOf(messageId: number): Promise<string | null>;
  /** Removes the person's emoji from the message, or adds it (up to the per-person limit). */
  toggle(messageId: number, userId: number, emoji: string): Promise<ReactionToggle>;
  /** The reactions of these messages, one entry per emoji in the order it was first used. */
  ofMessages(ids: readonly number[]): Promise<Map<number, MessageReaction[]>>;
}

export function createReactionsRepository(db: Database): ReactionsRepository {
  return {
    async roomOf(messageId) {
      const [row] = await db
        .select({ room: messages.room })
        .from(messages)
        .where(eq(messages.id, messageId))
        .limit(1);
      return row?.room ?? null;
    },

    async toggle(messageId, userId, emoji) {
      const mine = and(
        eq(messageReactions.messageId, messageId),
        eq(messageReactions.userId, userId),
      );
      const removed = await db
        .delete(messageReactions)
        .where(and(mine, eq(messageReactions.emoji, emoji)))
        .returning({ emoji: messageReactions.emoji });
      if (removed.length > 0) return { added: false };
      const [held] = await db.select({ n: count() }).from(messageReactions).where(mine);
      if ((held?.n ?? 0) >= REACTION_LIMITS.maxPerPersonPerMessage) return { refused: 'too_many' };
      // A second device's toggle that raced this one may have added it already: still "added".
      await db.insert(messageReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
      return { added: true };
    },

    async ofMessages(ids) {
      const byMessage = new Map<number, MessageReaction[]>();
      if (ids.length === 0) return byMessage;
      const rows = await db
        .select({
          messageId: messageReactions.messageId,
          userId: messageReactions.userId,
          emoji: messageReactions.emoji,
        })
        .from(messageReactions)
        .where(inArray(messageReactions.messageId, [...ids]))
        .orderBy(asc(messageReactions.createdAt), asc(messageReactions.userId));
      for (const row of rows) {
        const list = byMessage.get(row.messageId) ?? [];
        let entry = list.find((reaction) => reaction.emoji === row.emoji);
        if (!entry) {
          entry = { emoji: row.emoji, count: 0, user_ids: [] };
          list.push(entry);
        }
        entry.count += 1;
        entry.user_ids.push(row.userId);
        byMessage.set(row.messageId, list);
      }
      return byMessage;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    reactionsRepository: ReactionsRepository;
  }
}

/** Attaches `app.reactionsRepository`. */
export const reactionsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('reactionsRepository', createReactionsRepository(options.db));
  },
  { name: 'reactions-repository' },
);
