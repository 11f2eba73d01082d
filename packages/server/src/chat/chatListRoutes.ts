import {
  CHAT_PATHS,
  type ChatHistoryPage,
  type ChatListUser,
  type ChatThemeName,
  type Gender,
  type LastMessageInfo,
  languageCodeForName,
  parseRoomName,
  privateRoomName,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import { toUserSummary } from '../accounts/userViews.js';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { blockingRule } from '../connections/blockingRule.js';
import type { MessageRow, UserRow } from '../db/schema.js';
import { detailError, fieldError } from '../http/errors.js';
import { firstString } from '../http/queryParams.js';
import type { ChatFileStore, FileUrlSigner } from '../media/chatFiles.js';
import { markBlockedForReader } from './blockedInGroups.js';
import { withChatListCounts } from './chatListCounts.js';
import { lastMessageInfos } from './lastMessageInfo.js';
import { quoteForReader } from './messageQuotes.js';
import {
  type ChatListRequest,
  chatListRequestFields,
  type MessageRequests,
} from './messageRequests.js';
import { type ChatTranslation, localizeHistory } from './messageTranslation.js';
import type { ReadReceipts } from './readReceipts.js';
import { historyPageSizeAround } from './search/historyAround.js';
import { localizeVoiceHistory } from './voiceDelivery.js';

/** The preview of a message its sender deleted for everyone (WhatsApp's words). */
export const DELETED_MESSAGE_PREVIEW = 'This message was deleted.';

/**
 * What a chat row shows as its last message: the text (in the reader's language when it was
 * translated for them), else the attachment's name; for a message deleted for everyone, that.
 */
export function lastMessagePreview(
  row: Pick<MessageRow, 'message' | 'fileName' | 'fileType'> &
    Partial<Pick<MessageRow, 'deletedAt'>>,
  readerText?: string,
) {
  if (row.deletedAt) return DELETED_MESSAGE_PREVIEW;
  if (row.message.trim() !== '') return readerText ?? row.message;
  return row.fileName ?? (row.fileType === 'text' ? '' : row.fileType);
}

/** Another user as the sidebar's chat list shows them (spec §3, chat list user). */
function toChatListUser(
  row: UserRow,
  last: MessageRow | null,
  readerText?: string,
  info?: LastMessageInfo,
): ChatListUser {
  return {
    ...toUserSummary(row),
    last_message: last ? lastMessagePreview(last, readerText) : null,
    last_message_time: last ? last.createdAt.toISOString() : null,
    ...(info ? { last_message_info: info } : {}),
    language: row.language,
    // Speech is synthesised per language by the server's engines (media/speech/voices.ts); no
    // person has a voice model of their own, so there is no path to give.
    voice_model_path: null,
    gender: row.gender as Gender,
    voice_output_enabled: row.voiceOutputEnabled,
    mute_sounds: row.muteSounds,
    profile_info: row.profileInfo,
    chat_theme: row.chatTheme as ChatThemeName,
    is_org_admin: row.isOrgAdmin,
    // Another person's organisation members are not the reader's to see (GET /accounts/me/ lists
    // an administrator's own).
    org_members: [],
    org_max_users: row.orgMaxUsers,
    // Present as the spec lists it, never filled: it is a secret of that user's organisation.
    org_invite_token: null,
    subscription_active: row.subscriptionActive,
    is_lifetime: row.isLifetime,
  };
}

export interface ChatListRouteOptions extends RouteOptions {
  /** Voice note renditions and signed file URLs in history pages. */
  media?: { files: ChatFileStore; signer: FileUrlSigner };
  /** History pages come in the reader's language. */
  translation: ChatTranslation;
  /** Reactions and receipts in history pages (issue 25). */
  receipts?: ReadReceipts;
  /** Message requests marked on the list's rows (issue 25). */
  requests?: MessageRequests;
}

export const chatListRoutes: FastifyPluginAsync<ChatListRouteOptions> = async (
  app,
  { ctx, translation, media, receipts, requests },
) => {
  const auth = { preHandler: requireUser(ctx) };

  app.get(CHAT_PATHS.chats, auth, async (request): Promise<ChatListUser[]> => {
    const me = accountOf(request).id;
    // The newest message of each private room with me in it; the room name holds both ids.
    const latest = await app.messagesRepository.latestPrivate(me);
    // People I blocked leave my list until I unblock them (Settings lists them).
    const blocked = await blockingRule(app.connectionsRepository).hiddenFromChatList(me);
    const acceptedIds = await app.connectionsRepository.acceptedIds(me);
    // Message requests (issue 25): marked, and the ones I deleted left out.
    const requestOf: Map<number, ChatListRequest> = requests
      ? await requests.ofChatList(me, new Set(acceptedIds))
      : new Map();
    const byPeer = new Map<number, MessageRow>();
    for (const row of latest) {
      const parsed = parseRoomName(row.room);
      if (parsed?.kind !== 'private') continue;
      const [low, high] = parsed.userIds;
      if (low !== me && high !== me) continue;
      const peer = low === me ? high : low;
      if (!blocked.has(peer) && requestOf.get(peer)?.kind !== 'hidden') byPeer.set(peer, row);
    }
    // Accepted connections are listed before a first message too (spec's chat list user).
    const connected = acceptedIds.filter((id) => !byPeer.has(id));
    if (byPeer.size === 0 && connected.length === 0) return [];
    const peers = await app.usersRepository.byIds([...byPeer.keys(), ...connected]);
    // The preview of a message the other person wrote reads in my language when the send-time
    // translation for it exists (stored translations only: the list never waits on an engine).
    const myLanguage = languageCodeForName(accountOf(request).language);
    const theirs = [...byPeer.values()].filter((row) => row.senderId !== me).map((row) => row.id);
    const readerTexts = new Map<number, string>();
    if (myLanguage && theirs.length > 0) {
      const rows = await app.messagesRepository.translations(theirs, myLanguage);
      for (const row of rows) if (!row.failed) readerTexts.set(row.messageId, row.text);
    }
    const infos = await lastMessageInfos(app.uploadsRepository, [...byPeer.values()]);
    const chatted = peers
      .filter((peer) => byPeer.has(peer.id))
      .map((peer) => ({ peer, last: byPeer.get(peer.id) as MessageRow }))
      .sort((a, b) => b.last.id - a.last.id)
      .map(({ peer, last }) => ({
        ...toChatListUser(peer, last, readerTexts.get(last.id), infos.get(last.id)),
        ...chatListRequestFields(requestOf.get(peer.id)),
      }));
    // Then connections without messages, by username.
    const quiet = peers
      .filter((peer) => !byPeer.has(peer.id))
      .sort((a, b) => a.username.localeCompare(b.username))
      .map((peer) => toChatListUser(peer, null));
    // Parley extension (issue 25): unread counts and mutes for the whole list at once.
    return withChatListCounts(
      { unread: app.unreadCountsRepository, mutes: app.chatMutesRepository },
      me,
      [...chatted, ...quiet],
      (row) => privateRoomName(me, row.id),
    );
  });

  app.get<{ Querystring: Record<string, unknown> }>(
    CHAT_PATHS.history,
    auth,
    async (request): Promise<ChatHistoryPage> => {
      const roomName = firstString(request.query.room_name) ?? '';
      if (roomName === '') throw fieldError({ room_name: ['This field is required.'] });
      const beforeText = firstString(request.query.before);
      let before: number | undefined;
      if (beforeText !== undefined && beforeText !== '') {
        if (!/^\d{1,10}$/.test(beforeText)) {
          throw fieldError({ before: ['A valid integer is required.'] });
        }
        before = Math.min(Number(beforeText), 2_147_483_647);
      }
      // Parley extension: a page reaching back to message `around` (a search hit to jump to).
      const aroundText = firstString(request.query.around);
      let around: number | undefined;
      if (aroundText !== undefined && aroundText !== '') {
        if (!/^\d{1,10}$/.test(aroundText)) {
          throw fieldError({ around: ['A valid integer is required.'] });
        }
        around = Math.min(Number(aroundText), 2_147_483_647);
      }
      const room = await app.roomsRepository.access(accountOf(request).id, roomName.slice(0, 200));
      if (!room) throw detailError(403, 'You are not a member of this room.');
      const pageSize =
        around === undefined
          ? undefined
          : await historyPageSizeAround(
              app.messageSearchRepository,
              room.canonical,
              around,
              before,
            );
      const reader = accountOf(request);
      const page = await app.messagesRepository.history(
        room.canonical,
        before,
        reader.id,
        pageSize,
      );
      const readerLanguage = {
        id: reader.id,
        language: languageCodeForName(reader.language) ?? null,
      };
      const results = await quoteForReader(
        { translation, actions: app.messageActionsRepository },
        await localizeHistory(translation, page.messages, readerLanguage, page.limitedIds),
        readerLanguage,
      );
      const localized = media
        ? await localizeVoiceHistory(media.files, media.signer, results, {
            id: reader.id,
            language: languageCodeForName(reader.language) ?? null,
          })
        : results;
      // Issue 29: messages of people this reader blocked are marked `from_blocked`.
      const marked = await markBlockedForReader(app.connectionsRepository, reader.id, localized);
      if (!receipts) return { results: marked, has_more: page.hasMore };
      const extras = await receipts.forHistory(
        room.canonical,
        room.memberIds,
        reader.id,
        marked,
        before === undefined,
      );
      return {
        results: extras.messages,
        has_more: page.hasMore,
        // Left out while nobody has received anything (a new room).
        ...(extras.receipts.length > 0 ? { receipts: extras.receipts } : {}),
      };
    },
  );
};
