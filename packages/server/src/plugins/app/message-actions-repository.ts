import { type ChatMessage, MEDIA_PATHS } from '@parley/chat-sdk';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  hiddenMessages,
  mediaUploads,
  messages,
  messageTranslations,
  translationSuggestions,
  users,
} from '../../db/schema.js';
import { toChatMessage } from './messages-repository.js';

/** What an action on a message must know about it (who sent it, where, when, what it holds). */
export interface ActionTarget {
  id: number;
  room: string;
  senderId: number;
  createdAt: Date;
  deletedAt: Date | null;
  fileUrl: string | null;
  audioUrl: string | null;
  isCallEvent: boolean;
}

/**
 * Reply, edit and delete (issue 25). The message rows themselves live in messages-repository;
 * this keeps the columns those actions own (`reply_to_id`, `edited_at`, `deleted_at`) and the
 * hidden_messages table.
 */
export interface MessageActionsRepository {
  target(id: number): Promise<ActionTarget | null>;
  /**
   * Replaces the text (the original and the stored readers' copy), stamps `edited_at` and drops
   * the translations of the old text. The edited message, or null when it is gone or deleted.
   */
  edit(id: number, text: string): Promise<ChatMessage | null>;
  /**
   * Empties the message for everyone (text, files, transcript) and stamps `deleted_at`; the
   * uploads it named lose their rows (thumbnails included). The stored names of those files, for
   * the caller to remove from disk; null when the message was already deleted.
   */
  deleteForEveryone(id: number): Promise<string[] | null>;
  /** Hides a message from one person's history (idempotent). */
  hide(userId: number, messageId: number): Promise<void>;
  /** The messages of these ids (deleted ones included), originals; any order. */
  byIds(ids: readonly number[]): Promise<ChatMessage[]>;
}

function storedNameOfPath(url: string | null): string | null {
  return url?.startsWith(MEDIA_PATHS.filesPrefix)
    ? url.slice(MEDIA_PATHS.filesPrefix.length)
    : null;
}

export function createMessageActionsRepository(db: Database): MessageActionsRepository {
  async function withSender(ids: readonly number[]): Promise<ChatMessage[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ message: messages, username: users.username, profileImage: users.profileImage })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.id, [...ids]));
    return rows.map((row) => toChatMessage(row.message, row));
  }

  return {
    async target(id) {
      const [row] = await db
        .select({
          id: messages.id,
          room: messages.room,
          senderId: messages.senderId,
          createdAt: messages.createdAt,
          deletedAt: messages.deletedAt,
          fileUrl: messages.fileUrl,
          audioUrl: messages.audioUrl,
          callEvent: messages.callEvent,
        })
        .from(messages)
        .where(eq(messages.id, id))
        .limit(1);
      if (!row) return null;
      const { callEvent, ...rest } = row;
      return { ...rest, isCallEvent: callEvent !== null };
    },

    async edit(id, text) {
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(messages)
          .set({ message: text, originalMessage: text, editedAt: sql`now()` })
          .where(and(eq(messages.id, id), sql`${messages.deletedAt} is null`))
          .returning({ id: messages.id });
        if (rows.length === 0) return false;
        await tx.delete(messageTranslations).where(eq(messageTranslations.messageId, id));
        // Issue 26: a better translation of the old text is not one of the new text.
        await tx.delete(translationSuggestions).where(eq(translationSuggestions.messageId, id));
        return true;
      });
      if (!updated) return null;
      const [message] = await withSender([id]);
      return message ?? null;
    },

    async deleteForEveryone(id) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ fileUrl: messages.fileUrl, audioUrl: messages.audioUrl })
          .from(messages)
          .where(and(eq(messages.id, id), sql`${messages.deletedAt} is null`))
          .for('update');
        if (!row) return null;
        await tx
          .update(messages)
          .set({
            message: '',
            originalMessage: '',
            fileUrl: null,
            fileName: null,
            audioUrl: null,
            transcript: null,
            deletedAt: sql`now()`,
          })
          .where(eq(messages.id, id));
        await tx.delete(messageTranslations).where(eq(messageTranslations.messageId, id));
        // Issue 26: suggested translations go with the message.
        await tx.delete(translationSuggestions).where(eq(translationSuggestions.messageId, id));
        const names = [storedNameOfPath(row.fileUrl), storedNameOfPath(row.audioUrl)].filter(
          (name): name is string => name !== null,
        );
        if (names.length === 0) return [];
        const removed = await tx
          .delete(mediaUploads)
          .where(
            or(
              inArray(mediaUploads.storedName, names),
              // A picture's thumbnail is an upload of its own, named by the picture's row.
              and(
                isNotNull(mediaUploads.storedName),
                inArray(
                  mediaUploads.storedName,
                  tx
                    .select({ name: sql<string>`${mediaUploads.thumbnailName}` })
                    .from(mediaUploads)
                    .where(
                      and(
                        inArray(mediaUploads.storedName, names),
                        isNotNull(mediaUploads.thumbnailName),
                      ),
                    ),
                ),
              ),
            ),
          )
          .returning({ name: mediaUploads.storedName });
        return [...new Set([...names, ...removed.map((r) => r.name)])];
      });
    },

    async hide(userId, messageId) {
      await db.insert(hiddenMessages).values({ userId, messageId }).onConflictDoNothing();
    },

    byIds: withSender,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    messageActionsRepository: MessageActionsRepository;
  }
}

/** Attaches `app.messageActionsRepository`. */
export const messageActionsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('messageActionsRepository', createMessageActionsRepository(options.db));
  },
  { name: 'message-actions-repository' },
);
