import {
  type ChatFileType,
  type ChatMessage,
  languageCodeForName,
  SOCKET_LIMITS,
} from '@parley/chat-sdk';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type MessageRow, messages, type UserRow, users } from '../db/schema.js';

export type MessageSender = Pick<UserRow, 'id' | 'username' | 'profileImage' | 'language'>;

export interface NewMessage {
  room: string;
  clientId: string;
  text: string;
  fileType: ChatFileType;
  fileUrl: string | null;
  fileName: string | null;
  audioUrl: string | null;
  transcript: string | null;
}

type SenderColumns = Pick<UserRow, 'username' | 'profileImage'>;

export function toChatMessage(row: MessageRow, sender: SenderColumns): ChatMessage {
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
  };
}

export interface StoredMessage {
  message: ChatMessage;
  /** False when the sender's client_id was already stored: the earlier copy is returned. */
  created: boolean;
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
  const [inserted] = await db
    .insert(messages)
    .values({
      room: input.room,
      senderId: sender.id,
      // Translation is a later issue: every reader gets the original text for now.
      message: input.text,
      originalMessage: input.text,
      originalLanguage: languageCodeForName(sender.language) ?? null,
      fileType: input.fileType,
      fileUrl: input.fileUrl,
      fileName: input.fileName,
      audioUrl: input.audioUrl,
      transcript: input.transcript,
      clientId: input.clientId,
    })
    .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
    .returning();
  if (inserted) return { message: toChatMessage(inserted, sender), created: true };

  const [existing] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, sender.id), eq(messages.clientId, input.clientId)))
    .limit(1);
  if (!existing) throw new Error('message with a conflicting client_id vanished');
  return { message: toChatMessage(existing, sender), created: false };
}

export interface HistoryPage {
  messages: ChatMessage[];
  hasMore: boolean;
}

/** The newest page of a room, or the page before message `before`; oldest first. */
export async function loadHistory(
  db: Database,
  room: string,
  before?: number,
  pageSize: number = SOCKET_LIMITS.historyPageSize,
): Promise<HistoryPage> {
  const rows = await db
    .select({ message: messages, username: users.username, profileImage: users.profileImage })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.room, room), before === undefined ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize).reverse();
  return {
    messages: page.map((row) => toChatMessage(row.message, row)),
    hasMore: rows.length > pageSize,
  };
}
