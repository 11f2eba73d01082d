import {
  MESSAGE_REQUEST_PATHS,
  type MessageRequestDecisionAnswer,
  parseRoomName,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import type { MessageRequestDecision } from '../plugins/app/index.js';
import type { MessageRequests } from './messageRequests.js';
import type { ReadReceipts } from './readReceipts.js';

export const MESSAGE_REQUEST_MESSAGES = {
  notAMember: 'You are not a member of this room.',
  notPrivate: 'Only private chats can be message requests.',
  notTheReceiver: 'Only the person who received this message request can answer it.',
  noRequest: 'There is no message request in this room.',
  alreadyAnswered: 'This message request was already answered.',
} as const;

/** Decisions a person may make per minute. */
const DECISIONS_PER_MINUTE = 60;

/**
 * POST /chatmessage/requests/accept/ and /delete/ {room_name} (docs/protocol.md, Message
 * requests): only the receiver of a pending request decides. Accepting shows the requester how far
 * the receiver has read; deleting hides the chat from the receiver and tells the requester nothing.
 * Asking again for the same decision answers it again.
 */
export const messageRequestRoutes: FastifyPluginAsync<
  RouteOptions & { requests: MessageRequests; receipts?: ReadReceipts }
> = async (app, { ctx, requests, receipts }) => {
  const options = {
    preHandler: requireUser(ctx),
    config: { rateLimit: perUserLimit('message-requests', DECISIONS_PER_MINUTE) },
  };

  async function decide(
    body: unknown,
    me: number,
    decision: MessageRequestDecision,
  ): Promise<MessageRequestDecisionAnswer> {
    const fields = new FieldCollector();
    const roomName = fields.string(objectBody(body), 'room_name', { maxLength: 200 });
    fields.throwIfAny();
    if (roomName === undefined) throw new Error('unreachable');
    const room = await app.roomsRepository.access(me, roomName);
    if (!room) throw detailError(403, MESSAGE_REQUEST_MESSAGES.notAMember);
    if (parseRoomName(room.canonical)?.kind !== 'private') {
      throw detailError(400, MESSAGE_REQUEST_MESSAGES.notPrivate);
    }
    const decided = await requests.decide(room.canonical, me, decision);
    if (decided) {
      if (decision === 'accepted') await receipts?.retellRead(room.canonical, me, room.memberIds);
      return { room_name: room.canonical, state: decision };
    }
    const row = await app.messageRequestsRepository.ofRoom(room.canonical);
    if (!row) throw detailError(404, MESSAGE_REQUEST_MESSAGES.noRequest);
    if (row.receiverId !== me) throw detailError(403, MESSAGE_REQUEST_MESSAGES.notTheReceiver);
    if (row.state !== decision) throw detailError(409, MESSAGE_REQUEST_MESSAGES.alreadyAnswered);
    return { room_name: room.canonical, state: decision };
  }

  app.post(MESSAGE_REQUEST_PATHS.accept, options, async (request) =>
    decide(request.body, accountOf(request).id, 'accepted'),
  );
  app.post(MESSAGE_REQUEST_PATHS.delete, options, async (request) =>
    decide(request.body, accountOf(request).id, 'deleted'),
  );
};
