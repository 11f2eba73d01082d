import {
  CHAT_PATHS,
  type ChatMessage,
  languageCodeForName,
  MESSAGE_SEARCH_LIMITS,
  type MessageSearchMatch,
  type MessageSearchPage,
  type MessageSearchRoom,
  parseRoomName,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../appContext.js';
import { accountOf, requireUser } from '../../auth/bearer.js';
import { detailError, fieldError } from '../../http/errors.js';
import { firstString } from '../../http/queryParams.js';
import { LIMIT_MESSAGES, takeOrRefuse } from '../../limits/index.js';
import type { ChatFileStore, FileUrlSigner } from '../../media/chatFiles.js';
import type { MessageSearchHit } from '../../plugins/app/index.js';
import { type ChatTranslation, localizeHistory } from '../messageTranslation.js';
import { localizeVoiceHistory } from '../voiceDelivery.js';
import { searchConfigFor } from './searchConfigs.js';
import { highlightRanges } from './searchHighlight.js';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  parseSearchQuery,
  SEARCH_QUERY_MESSAGES,
} from './searchQuery.js';

export interface MessageSearchRouteOptions extends RouteOptions {
  media?: { files: ChatFileStore; signer: FileUrlSigner };
  /** Hits come as history shows them: in the reader's language. */
  translation: ChatTranslation;
}

/**
 * Where the words matched, for the ui to mark: the text the reader is shown when they matched it,
 * else the original (a reader may type a word of the original language); for a voice note its
 * transcript (as shown to the reader, else as recognised), then a file's name.
 */
function matchOf(message: ChatMessage, hit: MessageSearchHit): MessageSearchMatch {
  if (hit.translation && message.message === hit.translation.text) {
    const ranges = highlightRanges(message.message, hit.translation.marks);
    if (ranges.length > 0) return { text: message.message, ranges, in_original: false };
  }
  const original = message.original_message;
  const ranges = highlightRanges(original, hit.originalMarks);
  if (ranges.length > 0) {
    return { text: original, ranges, in_original: message.message !== original };
  }
  const shownTranscript = message.transcript;
  for (const candidate of [hit.transcriptTranslation, hit.transcript]) {
    if (!candidate) continue;
    const found = highlightRanges(candidate.text, candidate.marks);
    if (found.length === 0) continue;
    const inOriginal = candidate === hit.transcript && shownTranscript !== candidate.text;
    return { text: candidate.text, ranges: found, in_original: inOriginal, field: 'transcript' };
  }
  if (hit.fileName) {
    const found = highlightRanges(hit.fileName.text, hit.fileName.marks);
    if (found.length > 0) {
      return { text: hit.fileName.text, ranges: found, in_original: false, field: 'file_name' };
    }
  }
  if (message.message === original) return { text: original, ranges: [], in_original: false };
  return { text: message.message, ranges: [], in_original: false };
}

/** GET /chatmessage/search/ (docs/protocol.md, "Message search"). */
export const messageSearchRoutes: FastifyPluginAsync<MessageSearchRouteOptions> = async (
  app,
  { ctx, translation, media },
) => {
  app.get<{ Querystring: Record<string, unknown> }>(
    CHAT_PATHS.search,
    { preHandler: requireUser(ctx) },
    async (request): Promise<MessageSearchPage> => {
      const reader = accountOf(request);
      const parsed = parseSearchQuery(firstString(request.query.q));
      if ('problem' in parsed) throw fieldError({ q: [SEARCH_QUERY_MESSAGES[parsed.problem]] });

      const cursorText = firstString(request.query.cursor);
      let beforeId: number | undefined;
      if (cursorText !== undefined && cursorText !== '') {
        const decoded = decodeSearchCursor(cursorText);
        if (decoded === null) throw fieldError({ cursor: ['Invalid cursor.'] });
        beforeId = decoded;
      }

      const roomText = firstString(request.query.room_name);
      let room: string | undefined;
      if (roomText !== undefined && roomText !== '') {
        const access = await app.roomsRepository.access(reader.id, roomText.slice(0, 200));
        if (!access) throw detailError(403, 'You are not a member of this room.');
        room = access.canonical;
      }

      // Per person, all their devices and instances together: each keystroke may be a search.
      await takeOrRefuse(
        ctx.limits,
        ctx.limits.rules.messageSearches,
        reader.id,
        LIMIT_MESSAGES.messageSearches,
      );

      const language = languageCodeForName(reader.language) ?? null;
      const pageSize = MESSAGE_SEARCH_LIMITS.pageSize;
      const hits = await app.messageSearchRepository.search({
        readerId: reader.id,
        language,
        config: searchConfigFor(language),
        terms: parsed.terms,
        foldedTerms: parsed.foldedTerms,
        ...(room !== undefined ? { room } : {}),
        ...(beforeId !== undefined ? { beforeId } : {}),
        limit: pageSize + 1,
      });
      const page = hits.slice(0, pageSize);
      const messages = await app.messageSearchRepository.messages(page.map((hit) => hit.id));
      const shown = await localizeHistory(
        translation,
        messages.messages,
        { id: reader.id, language },
        messages.limitedIds,
      );
      const localized = media
        ? await localizeVoiceHistory(media.files, media.signer, shown, { id: reader.id, language })
        : shown;
      const byId = new Map(localized.map((message) => [message.id, message]));
      const rooms = await roomsOf(
        app,
        reader.id,
        page.map((hit) => hit.room),
      );

      const results: MessageSearchPage['results'] = [];
      for (const hit of page) {
        const message = byId.get(hit.id);
        const info = rooms.get(hit.room);
        if (!message || !info) continue;
        results.push({ message, room: info, match: matchOf(message, hit) });
      }
      const last = page.at(-1);
      return {
        results,
        next_cursor: hits.length > pageSize && last ? encodeSearchCursor(last.id) : null,
      };
    },
  );
};

/** Each room as the reader's chat list names it: the other person, or the group. */
async function roomsOf(
  app: Parameters<FastifyPluginAsync>[0],
  readerId: number,
  roomNames: readonly string[],
): Promise<Map<string, MessageSearchRoom>> {
  const rooms = new Map<string, MessageSearchRoom>();
  const peers = new Map<string, number>();
  const slugs = new Set<string>();
  for (const name of new Set(roomNames)) {
    const parsed = parseRoomName(name);
    if (parsed?.kind === 'private') {
      const [low, high] = parsed.userIds;
      peers.set(name, low === readerId ? high : low);
    } else if (parsed?.kind === 'group') slugs.add(parsed.slug);
  }
  if (peers.size > 0) {
    const users = new Map(
      (await app.usersRepository.byIds([...new Set(peers.values())])).map((u) => [u.id, u]),
    );
    for (const [name, peerId] of peers) {
      const user = users.get(peerId);
      if (user) {
        rooms.set(name, {
          room_name: name,
          kind: 'private',
          name: user.username,
          image: user.profileImage,
        });
      }
    }
  }
  if (slugs.size > 0) {
    for (const group of await app.roomsRepository.groupsOf(readerId)) {
      if (!slugs.has(group.slug)) continue;
      rooms.set(group.slug, {
        room_name: group.slug,
        kind: 'group',
        name: group.name,
        image: group.image,
      });
    }
  }
  return rooms;
}
