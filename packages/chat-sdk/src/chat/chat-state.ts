import type { ChatMessage } from '../protocol/chat';
import type { SocketUserObject } from '../protocol/user-objects';

export type MessageStatus = 'sending' | 'sent' | 'failed';

/**
 * A message as read from the server: Parley's `id` and `client_id` are null when the server did
 * not send them (a backend that implements only the spec).
 */
export interface ReceivedMessage extends Omit<ChatMessage, 'id' | 'client_id'> {
  /** Null until the server has stored it, or when the server sends no ids. */
  id: number | null;
  client_id: string | null;
}

/** A message as the ui shows it: the server's fields plus delivery status and direction. */
export interface RoomMessage extends ReceivedMessage {
  status: MessageStatus;
  /** Spec §3: 'sent' when the current user wrote it, else 'received'. */
  type: 'sent' | 'received';
  /** Why a send failed: an error frame's code and detail, 'timeout', 'upload_failed' or
   * 'voice_limit_reached' (a voice note whose upload did not go through: retry uploads again). */
  error?: { code: string; detail: string };
  /** A voice note still uploading: the pending placeholder of spec §4. */
  uploading?: boolean;
  /** The recording on this device (an object URL), playable before and after the upload. */
  local_audio_url?: string | null;
}

export interface RoomState {
  /** Oldest first. */
  messages: RoomMessage[];
  /** Older messages exist on the server (from chat_history and history pages). */
  hasMore: boolean;
  loadingOlder: boolean;
}

/** How far one member received and read a room (issue 25); ids are 0 when nothing was. */
export interface MemberReceipt {
  delivered_up_to: number;
  read_up_to: number;
  read_at: string | null;
}

/** Spec §3 group-users state: the member list that incoming group messages are checked against. */
export interface GroupUsersState {
  roomName: string | null;
  users: SocketUserObject[];
}

/**
 * A valtio proxy. Room keys are canonical room names (see canonicalRoomName): a private room opened
 * as 'private_1_2' lives under 'private-1-2'.
 */
export interface ChatState {
  rooms: Record<string, RoomState>;
  /** The open room's canonical name. */
  currentRoom: string | null;
  /** roomName → userId → typing. */
  typing: Record<string, Record<number, boolean>>;
  /** roomName → userId → recording. */
  recording: Record<string, Record<number, boolean>>;
  /**
   * roomName → userId → talking live (their `voice_chunk {original_blob}` frames are arriving).
   * Cleared by their `recording_indicator` false, or after TIMINGS.liveQuietMs without a chunk.
   */
  live: Record<string, Record<number, boolean>>;
  groupUsers: GroupUsersState;
  /**
   * Issue 25: roomName → userId → how far they received and read it. A room is absent while the
   * backend has sent no receipts for it (a spec-only backend never does): no ticks are shown.
   */
  receipts: Record<string, Record<number, MemberReceipt>>;
  /** Issue 25: roomName → messages from others I have not read (absent: none). */
  unread: Record<string, number>;
}
