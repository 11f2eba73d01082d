import { languageCodeForName } from '@parley/chat-sdk';
import { markBlockedForReader } from '../blockedInGroups.js';
import { quoteForReader } from '../messageQuotes.js';
import { localizeHistory } from '../messageTranslation.js';
import { localizeVoiceHistory } from '../voiceDelivery.js';
import { FRAME_MESSAGES, type FrameHandler } from './context.js';

/** `ping`: the socket answers it at once (even while rate limiting); nothing left to do. */
export const ping: FrameHandler<'ping'> = () => undefined;

/** `leave_room`: forgets the current room. */
export const leaveRoom: FrameHandler<'leave_room'> = (_frame, context) => {
  context.joined = null;
};

/** `join_room {room_name}`: joins and answers `chat_history` in the reader's language. */
export const joinRoom: FrameHandler<'join_room'> = async (frame, context) => {
  const room = await context.roomAccess(frame.roomName);
  if (!room) return context.refuse('not_a_member', FRAME_MESSAGES.notAMember);
  context.joined = { name: frame.roomName, canonical: room.canonical };
  const { users, messages, translation } = context.services;
  const history = await messages.history(room.canonical, undefined, context.user.id);
  // Read fresh: a language changed a moment ago must show in this history.
  const language = await users.languageOf(context.user.id);
  const reader = {
    id: context.user.id,
    language: language ? (languageCodeForName(language) ?? null) : null,
  };
  const page = await quoteForReader(
    { translation, actions: context.services.actions },
    await localizeHistory(translation, history.messages, reader, history.limitedIds),
    reader,
  );
  const { files, signer } = context.services;
  const localized =
    files && signer
      ? await localizeVoiceHistory(files, signer, page, {
          id: context.user.id,
          language: language ? (languageCodeForName(language) ?? null) : null,
        })
      : page;
  // Reactions and receipts (issue 25) when this server serves them.
  const extras = await context.services.receipts?.forHistory(
    room.canonical,
    room.memberIds,
    context.user.id,
    localized,
    true,
  );
  // Issue 29: messages of people this reader blocked are marked `from_blocked`.
  const message = await markBlockedForReader(
    context.services.blocks,
    context.user.id,
    extras?.messages ?? localized,
  );
  context.send({
    type: 'chat_history',
    message,
    room_name: frame.roomName,
    has_more: history.hasMore,
    ...(extras ? { receipts: extras.receipts } : {}),
  });
};
