import { privateRoomName, type ServerFrame } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { CallRegistry } from '../../calls/callRegistry.js';
import type { CallSettings } from '../../calls/callSettings.js';
import type { CallTranscriber } from '../../calls/callTranscriber.js';
import type { UserRow } from '../../db/schema.js';
import type { ChatFileStore, FileUrlSigner } from '../../media/chatFiles.js';
import type {
  MessageActionsRepository,
  MessageSender,
  MessagesRepository,
  ReactionsRepository,
  RoomAccess,
  UsersRepository,
} from '../../plugins/app/index.js';
import type { BlockLookup } from '../blockedInGroups.js';
import type { ChatDelivery } from '../chatDelivery.js';
import type { ChatFanout } from '../chatFanout.js';
import type { ValidFrame } from '../clientFrames.js';
import type { InstancePresence } from '../instancePresence.js';
import type { MessageRequests } from '../messageRequests.js';
import type { ChatTranslation } from '../messageTranslation.js';
import type { ReadReceipts } from '../readReceipts.js';
import type { StrangerMessages } from '../strangerMessages.js';
import type { VoiceStream, VoiceStreams } from '../voiceStreams.js';

/** What call frames use: the deployment's switch, calls in progress, speech-to-text. */
export interface CallServices {
  settings: CallSettings;
  registry: CallRegistry;
  transcriber: CallTranscriber;
  /** Whether two people may call each other (shared conversation or accepted connection). */
  mayCall(a: number, b: number): Promise<boolean>;
}

/** What frame handlers use besides the socket: storage, delivery and translation. */
export interface ChatServices {
  users: UsersRepository;
  messages: MessagesRepository;
  /** Reply, edit and delete (issue 25). */
  actions: MessageActionsRepository;
  delivery: ChatDelivery;
  fanout: ChatFanout;
  translation: ChatTranslation;
  /** Uploaded chat files: a message may only name the sender's own uploads to its room. */
  files?: ChatFileStore;
  /** Signs file URLs in what the socket sends. */
  signer?: FileUrlSigner;
  /** Live voice streams (chunk_init and binary chunks). */
  voiceStreams?: VoiceStreams;
  calls: CallServices;
  /** Reactions and read receipts (issue 25); absent, `react` and `read` are not served. */
  reactions?: ReactionsRepository;
  receipts?: ReadReceipts;
  /** Message requests (issue 25); absent, every private chat is open. */
  requests?: MessageRequests;
  /** Blocking in groups (issue 29); absent, no history marks `from_blocked`. */
  blocks?: BlockLookup;
  /** Issue 29: new accounts' budget of messages to strangers; absent, not limited. */
  strangerMessages?: StrangerMessages;
  /** Issue 28: open sockets and typing every instance sees; absent, nothing is recorded. */
  presence?: InstancePresence;
}

/** The room a socket joined: the name its client used and the canonical one. */
export interface JoinedRoom {
  name: string;
  canonical: string;
}

/** One authenticated socket as a frame handler sees it. */
export interface FrameContext {
  readonly user: UserRow;
  joined: JoinedRoom | null;
  /** The live voice stream begun by chunk_init, if any. */
  voiceStream: VoiceStream | null;
  readonly services: ChatServices;
  readonly log: FastifyBaseLogger;
  send(frame: ServerFrame): void;
  /** An `error` frame (Parley extension); `clientId` names a refused chat_message. */
  refuse(code: string, detail: string, clientId?: string): void;
  close(code: number, reason: string): void;
  /** Whether the user may use the room (cached for a few seconds). */
  roomAccess(roomName: string): Promise<RoomAccess | null>;
  /** The user as messages show them, re-read every few seconds. */
  sender(): Promise<MessageSender | null>;
  /** Takes a fresh access token of the same user: the socket lives until it expires. */
  reauthenticate(token: string): Promise<void>;
}

/** Handles one frame type. */
export type FrameHandler<T extends ValidFrame['type']> = (
  frame: Extract<ValidFrame, { type: T }>,
  context: FrameContext,
) => Promise<void> | void;

/** One handler per frame type the server serves. */
export type FrameHandlers = { [T in ValidFrame['type']]: FrameHandler<T> };

export const FRAME_MESSAGES = {
  notAMember: 'You are not a member of this room.',
  noRoom: 'Join a room first, or name the other person in receiver_id.',
  notSender: 'sender_id must be your own user id.',
  notYourFile: 'file_url and audio_url must name a file you uploaded to this room.',
  requestPending: 'You can send more messages once they accept your message request.',
} as const;

/**
 * The room a frame is about: its `room_name` (Parley extension), else the joined room, else the
 * private room with the one other person a spec client named (receiver_id or user_objects).
 */
export function frameRoom(
  context: FrameContext,
  roomName: string | null,
  otherId: number | null,
): string | null {
  if (roomName !== null) return roomName;
  if (context.joined) return context.joined.name;
  const me = context.user.id;
  if (otherId === null || otherId === me) return null;
  return privateRoomName(otherId, me);
}
