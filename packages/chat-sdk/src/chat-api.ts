import type { HttpClient } from './http/http-client';
import {
  CHAT_PATHS,
  type ChatHistoryPage,
  type ChatListUser,
  type GroupSummary,
  type MessageSearchPage,
} from './protocol/chat';
import {
  CHAT_MUTE_PATHS,
  type ChatMuteDuration,
  type ChatMuteResponse,
} from './protocol/chatListCounts';
import {
  LINK_PREVIEW_PATHS,
  type LinkPreview,
  type LinkPreviewAnswer,
} from './protocol/linkPreviews';
import {
  MESSAGE_REQUEST_PATHS,
  type MessageRequestDecisionAnswer,
} from './protocol/messageRequests';
import {
  TRANSLATION_TRUST_PATHS,
  type TranslationReportResponse,
  type TranslationSuggestionResponse,
} from './protocol/translationTrust';

export interface CreateGroupInput {
  name: string;
  userIds: number[];
  image?: Blob;
}

export interface ChatHistoryQuery {
  roomName: string;
  /** Messages older than this message id; omitted → the latest page. */
  before?: number;
  /**
   * Parley extension: a page reaching back to this message id (a search hit), one unbroken run
   * from `before` (or the newest). A spec-only backend ignores it and answers the usual page.
   */
  around?: number;
  signal?: AbortSignal;
}

export interface MessageSearchQuery {
  /** The words, as typed (1–200 characters); the last one matches as a prefix. */
  q: string;
  /** Only this room (its members only). */
  roomName?: string;
  /** `next_cursor` of the previous page. */
  cursor?: string;
  signal?: AbortSignal;
}

/** Thin typed chat calls; all go through the request core's 401-refresh-replay rule. */
export interface ChatApi {
  /** GET /chatmessage/user/group/: the caller's groups. */
  groups(): Promise<GroupSummary[]>;
  /** Multipart POST /chatmessage/create/group/ with name, repeated user_ids, optional image. */
  createGroup(
    input: CreateGroupInput,
    onProgress?: (percent: number) => void,
  ): Promise<GroupSummary>;
  /** GET /chatmessage/chats/: private chats, most recent first, then connections without messages. */
  chats(): Promise<ChatListUser[]>;
  /** GET /chatmessage/history/?room_name=&before=: 50 a page, oldest first. */
  history(query: ChatHistoryQuery): Promise<ChatHistoryPage>;
  /**
   * GET /chatmessage/link-preview/?url= (Parley extension): the card the composer shows before
   * sending; null when the page has none. Rejects with ApiError 404 on a backend without the call
   * (a spec-only one): the composer then shows no card at all, as before.
   */
  linkPreview(url: string, signal?: AbortSignal): Promise<LinkPreview | null>;
  /**
   * Parley extension, GET /chatmessage/search/?q=&room_name=&cursor=: the caller's messages
   * whose text in their language or the original matches, newest first (docs/protocol.md).
   */
  searchMessages(query: MessageSearchQuery): Promise<MessageSearchPage>;
  /**
   * Parley extension, POST /chatmessage/mute/: mutes one chat for me (or unmutes it with `off`);
   * answers the canonical room and the mute's end (docs/protocol.md, Unread counts and muted chats).
   */
  muteChat(roomName: string, duration: ChatMuteDuration): Promise<ChatMuteResponse>;
  /** Parley extension (issue 25), POST /chatmessage/requests/accept/: the receiver accepts. */
  acceptRequest(roomName: string): Promise<MessageRequestDecisionAnswer>;
  /** Parley extension, POST /chatmessage/requests/delete/: the receiver deletes the request. */
  deleteRequest(roomName: string): Promise<MessageRequestDecisionAnswer>;
  /** Issue 26: POST /chatmessage/{id}/translation-report/ — the reader reports the translation
   * they were given (once per message; a repeat answers `already_reported`). */
  reportTranslation(messageId: number): Promise<TranslationReportResponse>;
  /** Issue 26: POST /chatmessage/{id}/translation-suggestion/ {text} — my better translation of
   * the message into my language (writes or edits mine). */
  suggestTranslation(messageId: number, text: string): Promise<TranslationSuggestionResponse>;
  /** Issue 26: DELETE /chatmessage/{id}/translation-suggestion/ — takes mine back. */
  withdrawTranslationSuggestion(messageId: number): Promise<TranslationSuggestionResponse>;
}

export function createChatApi(http: HttpClient): ChatApi {
  return {
    groups: () => http.request<GroupSummary[]>(CHAT_PATHS.groups),
    createGroup: (input, onProgress) => {
      const form = new FormData();
      form.append('name', input.name);
      for (const id of input.userIds) form.append('user_ids', String(id));
      if (input.image) form.append('image', input.image, imageName(input.image));
      return http.request<GroupSummary>(CHAT_PATHS.createGroup, {
        method: 'POST',
        form,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
      });
    },
    chats: () => http.request<ChatListUser[]>(CHAT_PATHS.chats),
    history: ({ roomName, before, around, signal }) => {
      const params = new URLSearchParams({ room_name: roomName });
      if (before !== undefined) params.set('before', String(before));
      if (around !== undefined) params.set('around', String(around));
      return http.request<ChatHistoryPage>(`${CHAT_PATHS.history}?${params}`, {
        ...(signal ? { signal } : {}),
      });
    },
    linkPreview: async (url, signal) => {
      const params = new URLSearchParams({ url });
      const answer = await http.request<LinkPreviewAnswer>(
        `${LINK_PREVIEW_PATHS.linkPreview}?${params}`,
        { ...(signal ? { signal } : {}) },
      );
      return answer?.link_preview ?? null;
    },
    searchMessages: ({ q, roomName, cursor, signal }) => {
      const params = new URLSearchParams({ q });
      if (roomName) params.set('room_name', roomName);
      if (cursor) params.set('cursor', cursor);
      return http.request<MessageSearchPage>(`${CHAT_PATHS.search}?${params}`, {
        ...(signal ? { signal } : {}),
      });
    },
    suggestTranslation: (messageId, text) =>
      http.request<TranslationSuggestionResponse>(TRANSLATION_TRUST_PATHS.suggestion(messageId), {
        method: 'POST',
        json: { text },
      }),
    withdrawTranslationSuggestion: (messageId) =>
      http.request<TranslationSuggestionResponse>(TRANSLATION_TRUST_PATHS.suggestion(messageId), {
        method: 'DELETE',
      }),
    reportTranslation: (messageId) =>
      http.request<TranslationReportResponse>(TRANSLATION_TRUST_PATHS.report(messageId), {
        method: 'POST',
      }),
    muteChat: (roomName, duration) =>
      http.request<ChatMuteResponse>(CHAT_MUTE_PATHS.mute, {
        method: 'POST',
        json: { room_name: roomName, duration },
      }),
    acceptRequest: (roomName) =>
      http.request<MessageRequestDecisionAnswer>(MESSAGE_REQUEST_PATHS.accept, {
        method: 'POST',
        json: { room_name: roomName },
      }),
    deleteRequest: (roomName) =>
      http.request<MessageRequestDecisionAnswer>(MESSAGE_REQUEST_PATHS.delete, {
        method: 'POST',
        json: { room_name: roomName },
      }),
  };
}

function imageName(file: Blob): string {
  const name = (file as { name?: unknown }).name;
  if (typeof name === 'string' && name !== '') return name;
  const subtype = file.type.split('/')[1]?.split(/[;+]/)[0];
  return subtype ? `group.${subtype}` : 'group';
}
