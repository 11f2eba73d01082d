import {
  CHAT_MUTE_DURATIONS,
  CHAT_MUTE_FOREVER,
  CHAT_MUTE_PATHS,
  type ChatMuteDuration,
  type ChatMuteResponse,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FIELD_MESSAGES, FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';

/** Room names are at most this long (the socket's room frames trim at the same length). */
const ROOM_NAME_MAX = 200;

/** Mute changes a person may make per minute. */
const MUTES_PER_MINUTE = 60;

const HOUR_MS = 60 * 60 * 1000;

/** When a mute of `duration` chosen at `now` ends; null unmutes. */
export function muteEnd(duration: ChatMuteDuration, now = Date.now()): Date | null {
  switch (duration) {
    case '8h':
      return new Date(now + 8 * HOUR_MS);
    case '1w':
      return new Date(now + 7 * 24 * HOUR_MS);
    case 'always':
      return new Date(CHAT_MUTE_FOREVER);
    case 'off':
      return null;
  }
}

function isDuration(value: string): value is ChatMuteDuration {
  return (CHAT_MUTE_DURATIONS as readonly string[]).includes(value);
}

/**
 * POST /chatmessage/mute/ (docs/protocol.md, Unread counts and muted chats): the signed-in
 * person mutes or unmutes one chat they are a member of, for themselves only.
 */
export const chatMuteRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.post(
    CHAT_MUTE_PATHS.mute,
    {
      preHandler: requireUser(ctx),
      config: { rateLimit: perUserLimit('chat-mute', MUTES_PER_MINUTE) },
    },
    async (request): Promise<ChatMuteResponse> => {
      const body = objectBody(request.body);
      const fields = new FieldCollector();
      const roomName = fields.string(body, 'room_name', { maxLength: ROOM_NAME_MAX });
      const duration = fields.string(body, 'duration', { maxLength: 16 });
      if (duration !== undefined && !isDuration(duration)) {
        fields.add('duration', FIELD_MESSAGES.invalidChoice(duration));
      }
      fields.throwIfAny();
      const me = accountOf(request).id;
      const room = await app.roomsRepository.access(me, roomName as string);
      if (!room) throw detailError(403, 'You are not a member of this room.');
      const until = muteEnd(duration as ChatMuteDuration);
      await app.chatMutesRepository.set(me, room.canonical, until);
      return { room_name: room.canonical, muted_until: until?.toISOString() ?? null };
    },
  );
};
