import type { AccountsApi } from './accounts-api';
import { type BillingApi, createBillingApi, createOrgApi, type OrgApi } from './billing-api';
import { CallSwitchboard } from './calls/call-switchboard';
import type { CreatePeerConnection, GetUserMedia } from './calls/peer-types';
import { type ChatListStore, createChatListStore } from './chat/chat-list';
import { type ChatStore, createChatStore } from './chat/chat-store';
import { listedUnreadCounts } from './chat/unread-counts';
import { type ChatApi, createChatApi } from './chat-api';
import { type ConnectionStore, createConnectionStore } from './connections/connection-store';
import { type ConnectionsApi, createConnectionsApi } from './connections-api';
import { type CorrectionsApi, createCorrectionsApi } from './corrections-api';
import { createDriveApi, type DriveApi } from './drive-api';
import type { ParleyClientEvent } from './events';
import { createMediaApi, type MediaApi } from './media/media-api';
import type { MetaApi } from './meta-api';
import { createModerationApi, type ModerationApi } from './moderation/moderation-api';
import {
  createModerationNoticeStore,
  type ModerationNoticeStore,
} from './moderation/moderation-notices';
import { createPostsApi, type PostsApi } from './posts-api';
import { ACCOUNT_SUSPENDED_CLOSE_REASON } from './protocol/moderation';
import { createPushApi, type PushApi } from './push-api';
import type { Session } from './session/session';
import {
  createSessionClient,
  type SessionClient,
  type SessionClientOptions,
  sessionParts,
} from './session-client';
import { ChatSocket, type WebSocketConstructorLike } from './socket/chat-socket';
import { socketOrigin } from './socket/socket-url';

/** What the socket and calls need beyond the session client's options. */
export interface ParleyClientCompletion {
  /** The socket origin, e.g. 'wss://chat.example.com'; defaults from apiUrl / location. */
  wsUrl?: string;
  /** Default globalThis.WebSocket, read at connect time (Node 20 has none: pass `ws`'s). */
  WebSocket?: WebSocketConstructorLike;
  /** Calls: default the browser's RTCPeerConnection; tests and Node pass their own. */
  createPeerConnection?: CreatePeerConnection;
  /** Calls: default navigator.mediaDevices.getUserMedia. */
  getUserMedia?: GetUserMedia;
}

export interface ParleyClientOptions extends SessionClientOptions, ParleyClientCompletion {}

export interface ParleyClient {
  api: {
    accounts: AccountsApi;
    chat: ChatApi;
    meta: MetaApi;
    /** Web Push subscriptions of this device (Parley extension). */
    push: PushApi;
    corrections: CorrectionsApi;
    connections: ConnectionsApi;
    posts: PostsApi;
    billing: BillingApi;
    org: OrgApi;
    /** Uploads of files and voice notes (spec §7), with progress. */
    media: MediaApi;
    /** File backup to Google Drive (Parley extension). */
    drive: DriveApi;
    /** Review queue, actions and audit log (issue 29; moderators and staff only). */
    moderation: ModerationApi;
  };
  session: Session;
  /** The chat socket (spec §4); call `connect()` to hold it open. */
  socket: ChatSocket;
  /** Rooms, messages, typing and recording, and the actions on them. */
  chat: ChatStore;
  /** The pending-request count (badge), connection statuses, and the actions on them. */
  connections: ConnectionStore;
  /** The chat list: private chats, accepted connections and groups (spec §2 sidebar). */
  chatList: ChatListStore;
  /** Audio and video calls between two people, and their live captions. */
  calls: CallSwitchboard;
  /** Issue 29: warnings and 'we acted on your report' to show the person (live and on return). */
  moderationNotices: ModerationNoticeStore;
  /** Rehydration finished (or gave up after 5000 ms). */
  ready: Promise<void>;
  on(event: ParleyClientEvent, listener: () => void): () => void;
  dispose(): void;
}

/** One client per app: REST calls, the session and its persistence, and session events. */
export function createParleyClient(options: ParleyClientOptions): ParleyClient {
  return completeParleyClient(createSessionClient(options), options);
}

/**
 * Grows a session client into the whole client — socket, chat, connections, chat list, calls and
 * the remaining REST APIs — on the same session, store and events. An app whose first page is a
 * sign-in form creates the session client at start and loads this (with a dynamic import) when a
 * signed-in page opens. The session client's own members stay the same objects.
 */
export function completeParleyClient(
  base: SessionClient,
  options: ParleyClientCompletion = {},
): ParleyClient {
  const { apiUrl, logger, events, store, http, signingOut, storage } = sessionParts(base);
  const { accounts, meta } = base.api;
  const chatApi = createChatApi(http);
  const corrections = createCorrectionsApi(http);
  const connectionsApi = createConnectionsApi(http, () => store.state.user?.id ?? null);
  const posts = createPostsApi(http);
  const media = createMediaApi(http);

  const ready = base.ready;
  const socket = new ChatSocket({
    origin: socketOrigin(options.wsUrl, apiUrl),
    WebSocket: options.WebSocket,
    session: {
      getAccessToken: () => store.state.accessToken,
      getUserId: () => store.state.user?.id ?? null,
      refresh: () => http.refresh(),
      ended: (reason) => {
        // Our own sign-out makes the server close the socket too: that is no expired session.
        if (signingOut() || store.state.accessToken === null) return;
        void store.clear();
        events.emit(
          reason === ACCOUNT_SUSPENDED_CLOSE_REASON ? 'session:suspended' : 'session:expired',
        );
      },
    },
    logger,
    ready,
  });
  const chat = createChatStore({
    socket,
    api: chatApi,
    getUser: () => store.state.user,
    logger,
    media,
  });
  const connections = createConnectionStore({
    socket,
    api: connectionsApi,
    logger,
    signedIn: () => store.state.accessToken !== null,
  });
  const chatList = createChatListStore({
    api: chatApi,
    connections,
    socket,
    logger,
    me: () => store.state.user?.id ?? null,
    // Issue 25: the server's unread counts (when it sends them) seed the chat store's.
    onLoaded: () => {
      const id = store.state.user?.id;
      const counts = id === undefined ? null : listedUnreadCounts(id, chatList.state);
      if (counts) chat.seedUnread(counts);
    },
  });
  const calls = new CallSwitchboard({
    socket,
    http,
    meta,
    me: () => {
      const user = store.state.user;
      return user ? { id: user.id, username: user.username } : null;
    },
    logger,
    createPeerConnection: options.createPeerConnection,
    getUserMedia: options.getUserMedia,
  });
  const moderation = createModerationApi(http);
  const moderationNotices = createModerationNoticeStore({
    socket,
    api: moderation,
    storage,
    me: () => store.state.user?.id ?? null,
    logger,
  });
  let generation = store.generation;
  const offSession = events.on('session:changed', () => {
    // Another session (or none): the previous user's rooms must not show.
    if (store.generation !== generation) {
      generation = store.generation;
      chat.reset();
      connections.reset();
      chatList.reset();
      moderationNotices.reset();
      calls.state.current?.hangUp();
    }
    socket.sessionChanged();
  });

  return {
    api: {
      accounts,
      chat: chatApi,
      meta,
      corrections,
      connections: connectionsApi,
      posts,
      billing: createBillingApi(http),
      org: createOrgApi(http),
      media,
      push: createPushApi(http),
      drive: createDriveApi(http),
      moderation,
    },
    session: base.session,
    socket,
    chat,
    connections,
    chatList,
    calls,
    moderationNotices,
    ready,
    on: base.on,
    dispose: () => {
      offSession();
      chat.dispose();
      connections.dispose();
      chatList.dispose();
      calls.dispose();
      moderationNotices.dispose();
      socket.dispose();
      base.dispose();
    },
  };
}
