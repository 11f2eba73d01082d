import { languageCodeForName, MEDIA_LIMITS, MESSAGE_REQUEST_ERROR_CODE } from '@parley/chat-sdk';
import { FRAME_MESSAGES, type FrameHandler, frameRoom } from './context.js';

/** `chunk_init {from, mime_type, receiver_id, user_objects}`: begins a live stream. */
export const chunkInit: FrameHandler<'chunk_init'> = async (frame, context) => {
  const me = context.user.id;
  if (frame.senderId !== me) return context.refuse('invalid_frame', FRAME_MESSAGES.notSender);
  const others = [...new Set(frame.userIds.filter((id) => id !== me))];
  const roomName = frameRoom(
    context,
    frame.roomName,
    frame.receiverId ?? (others.length === 1 ? (others[0] ?? null) : null),
  );
  if (!roomName) return context.refuse('invalid_frame', FRAME_MESSAGES.noRoom);
  const room = await context.roomAccess(roomName);
  if (!room) return context.refuse('not_a_member', FRAME_MESSAGES.notAMember);
  const streams = context.services.voiceStreams;
  if (!streams) return context.refuse('unknown_type', 'Live voice is not served here.');
  // Issue 29: a new account's live voice to a stranger counts like a message to them.
  const stranger = await context.services.strangerMessages?.beforeSend(room, context.user, null);
  if (stranger) return context.refuse('rate_limited', stranger.detail);
  // Message requests (issue 25): live voice counts as writing; a deleted request reaches nobody.
  const gate = await context.services.requests?.beforeSend(room, me);
  if (gate && !gate.allowed) {
    return context.refuse(MESSAGE_REQUEST_ERROR_CODE, FRAME_MESSAGES.requestPending);
  }
  // Issue 29: members who blocked the speaker never hear them live (their stored messages
  // reach them collapsed, `from_blocked`).
  const recipients = gate ? gate.recipients : room.memberIds;
  const blockers =
    room.kind === 'group' && context.services.blocks
      ? await context.services.blocks.blockersAmong(me, recipients)
      : new Set<number>();
  // The speaker's language as it is now: readers of it play the chunks, others wait for the rendition.
  const language = languageCodeForName((await context.services.users.languageOf(me)) ?? '') ?? null;
  // A new chunk_init ends the previous stream.
  if (context.voiceStream) streams.finish(context.voiceStream, me);
  context.voiceStream = {
    room: { ...room, memberIds: recipients.filter((id) => !blockers.has(id)) },
    mimeType: frame.mimeType,
    language,
    seq: 0,
    bytes: 0,
    chunks: [],
  };
};

/** `chunk_end` (Parley extension): the stream is over. */
export const chunkEnd: FrameHandler<'chunk_end'> = (_frame, context) => {
  const stream = context.voiceStream;
  context.voiceStream = null;
  if (stream) context.services.voiceStreams?.finish(stream, context.user.id);
};

/** One binary chunk, in order behind the text frames before it. */
export async function voiceChunk(chunk: Buffer, context: Parameters<typeof chunkInit>[1]) {
  const stream = context.voiceStream;
  const streams = context.services.voiceStreams;
  if (!stream || !streams) {
    return context.refuse('no_voice_stream', 'Send chunk_init before binary audio chunks.');
  }
  if (chunk.length < MEDIA_LIMITS.minVoiceChunkBytes) {
    return context.refuse(
      'voice_chunk_too_small',
      `Voice chunks under ${MEDIA_LIMITS.minVoiceChunkBytes} bytes are not relayed.`,
    );
  }
  if (stream.bytes + chunk.length > MEDIA_LIMITS.maxVoiceStreamBytes) {
    context.voiceStream = null;
    streams.finish(stream, context.user.id);
    return context.refuse('voice_stream_too_long', 'This live stream is over its size limit.');
  }
  // Membership is checked again (cached a few seconds): a removed member's stream stops.
  const room = await context.roomAccess(stream.room.canonical);
  if (!room) {
    context.voiceStream = null;
    return context.refuse('not_a_member', FRAME_MESSAGES.notAMember);
  }
  // Only those chunk_init let hear it (a deleted message request's receiver does not).
  const heard = new Set(stream.room.memberIds);
  stream.room = { ...room, memberIds: room.memberIds.filter((id) => heard.has(id)) };
  streams.relay(stream, context.user.id, chunk);
}
