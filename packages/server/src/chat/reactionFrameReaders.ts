import { isReactionEmoji, REACTION_LIMITS } from '@parley/chat-sdk';
import { parseId } from '../http/queryParams.js';

/** `react` and `read` (issue 25), validated. */
export type ReactionOrReadFrame =
  | { type: 'react'; messageId: number; emoji: string }
  | { type: 'read'; roomName: string; messageId: number };

type JsonObject = Record<string, unknown>;

const ROOM_NAME_MAX = 200;

/**
 * Reads a `react` or `read` frame; a string says what is wrong with it (clientFrames.ts answers
 * it with an `invalid_frame` error frame).
 */
export function readReactionOrReadFrame(
  body: JsonObject,
  type: 'react' | 'read',
): ReactionOrReadFrame | string {
  const messageId = parseId(body.message_id);
  if (messageId === null) return 'message_id must be a message id.';
  if (type === 'react') {
    if (!isReactionEmoji(body.emoji)) {
      return `emoji must be one emoji (at most ${REACTION_LIMITS.maxEmojiChars} characters).`;
    }
    return { type, messageId, emoji: body.emoji };
  }
  const roomName = body.room_name;
  if (typeof roomName !== 'string' || roomName === '' || roomName.length > ROOM_NAME_MAX) {
    return 'room_name is required.';
  }
  return { type, roomName, messageId };
}
