import { type AccountsApi, createAccountsApi } from './accounts-api';
import { type BillingApi, createBillingApi, createOrgApi, type OrgApi } from './billing-api';
import { CallSwitchboard } from './calls/call-switchboard';
import type { CreatePeerConnection, GetUserMedia } from './calls/peer-types';
import { type ChatListStore, createChatListStore } from './chat/chat-list';
import { type ChatStore, createChatStore } from './chat/chat-store';
import { type ChatApi, createChatApi } from './chat-api';
import { type ConnectionStore, createConnectionStore } from './connections/connection-store';
import { type ConnectionsApi, createConnectionsApi } from './connections-api';
import { TIMINGS } from './constants';
import { type CorrectionsApi, createCorrectionsApi } from './corrections-api';
import { createDriveApi, type DriveApi } from './drive-api';
import { EventHub, type ParleyClientEvent } from './events';
import { HttpClient } from './http/http-client';
import type { UploadTransport } from './http/upload-transport';
import type { Logger } from './logger';
import { createMediaApi, type MediaApi } from './media/media-api';
import { createMetaApi, type MetaApi } from './meta-api';
import { createPostsApi, type PostsApi } from './posts-api';
import { createPushApi, type PushApi } from './push-api';
import { AuthStore } from './session/auth-store';
import { createSession, type Session } from './session/session';
import { ChatSocket, type WebSocketConstructorLike } from './socket/chat-socket';
import { socketOrigin } from './socket/socket-url';
import { createMemoryStorage, resolveStorage, type StorageLike } from './storage';

export interface ParleyClientOptions {
  /** The API origin, e.g. 'https://parley.example'; '' for same origin. */
  apiUrl: string;
  /** The socket origin, e.g. 'wss://chat.example.com'; defaults from apiUrl / location. */
  wsUrl?: string;
  /** Default globalThis.WebSocket, read at connect time (Node 20 has none: pass `ws`'s). */
  WebSocket?: WebSocketConstructorLike;
  /** Where auth is persisted: default globalThis.localStorage when present, else in memory. */
  storage?: StorageLike | null;
  /** Default globalThis.fetch, read at call time. */
  fetch?: typeof fetch;
  logger?: Logger;
  /** Multipart uploads; default XMLHttpRequest when present (for progress), else fetch. */
  uploadTransport?: UploadTransport;
  /** Calls: default the browser's RTCPeerConnection; tests and Node pass their own. */
  createPeerConnection?: CreatePeerConnection;
  /** Calls: default navigator.mediaDevices.getUserMedia. */
  getUserMedia?: GetUserMedia;
}

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
  /** Rehydration finished (or gave up after 5000 ms). */
  ready: Promise<void>;
  on(event: ParleyClientEvent, listener: () => void): () => void;
  dispose(): void;
}

/** One client per app: REST calls, the session and its persistence, and session events. */
export function createParleyClient(options: ParleyClientOptions): ParleyClient {
  const logger: Logger = options.logger ?? console;
  // null means "do not persist": keep the session in memory only.
  const storage =
    options.storage === null ? createMemoryStorage() : resolveStorage(options.storage);
  const events = new EventHub((error) => logger.error('[parley] a listener threw', error));
  const store = new AuthStore(storage, events, logger, TIMINGS.persistTimeoutMs);

  const http = new HttpClient({
    apiUrl: options.apiUrl,
    fetch: options.fetch,
    uploadTransport: options.uploadTransport,
    logger,
    session: {
      getAccessToken: () => store.state.accessToken,
      setAccessToken: (token) => {
        void store.setAccessToken(token);
      },
      expire: () => {
        void store.clear();
        events.emit('session:expired');
      },
      generation: () => store.generation,
    },
  });
  const accounts = createAccountsApi(http);
  let signingOut = false;
  const session = createSession(accounts, http, store, logger, (active) => {
    signingOut = active;
  });
  const chatApi = createChatApi(http);
  const meta = createMetaApi(http);
  const corrections = createCorrectionsApi(http);
  const connectionsApi = createConnectionsApi(http, () => store.state.user?.id ?? null);
  const posts = createPostsApi(http);
  const media = createMediaApi(http);

  const ready = store.hydrate();
  const socket = new ChatSocket({
    origin: socketOrigin(options.wsUrl, options.apiUrl),
    WebSocket: options.WebSocket,
    session: {
      getAccessToken: () => store.state.accessToken,
      getUserId: () => store.state.user?.id ?? null,
      refresh: () => http.refresh(),
      ended: () => {
        // Our own sign-out makes the server close the socket too: that is no expired session.
        if (signingOut || store.state.accessToken === null) return;
        void store.clear();
        events.emit('session:expired');
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
    logger,
    me: () => store.state.user?.id ?? null,
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
  let generation = store.generation;
  const offSession = events.on('session:changed', () => {
    // Another session (or none): the previous user's rooms must not show.
    if (store.generation !== generation) {
      generation = store.generation;
      chat.reset();
      connections.reset();
      chatList.reset();
      calls.state.current?.hangUp();
    }
    socket.sessionChanged();
  });

  // The spec fetches the CSRF token at start; unsafe calls would otherwise fetch it first.
  http.fetchCsrf().catch((error: unknown) => {
    logger.warn('[parley] could not fetch a CSRF token at start', error);
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
    },
    session,
    socket,
    chat,
    connections,
    chatList,
    calls,
    ready,
    on: (event, listener) => events.on(event, listener),
    dispose: () => {
      offSession();
      chat.dispose();
      connections.dispose();
      chatList.dispose();
      calls.dispose();
      socket.dispose();
      store.dispose();
      events.clear();
    },
  };
}
