import { type AccountsApi, createAccountsApi } from './accounts-api';
import { TIMINGS } from './constants';
import { EventHub, type ParleyClientEvent } from './events';
import { HttpClient } from './http/http-client';
import type { UploadTransport } from './http/upload-transport';
import type { Logger } from './logger';
import { createMetaApi, type MetaApi } from './meta-api';
import { AuthStore } from './session/auth-store';
import { createSession, type Session } from './session/session';
import { createMemoryStorage, resolveStorage, type StorageLike } from './storage';

export interface SessionClientOptions {
  /** The API origin, e.g. 'https://parley.example'; '' for same origin. */
  apiUrl: string;
  /** Where auth is persisted: default globalThis.localStorage when present, else in memory. */
  storage?: StorageLike | null;
  /** Default globalThis.fetch, read at call time. */
  fetch?: typeof fetch;
  logger?: Logger;
  /** Multipart uploads; default XMLHttpRequest when present (for progress), else fetch. */
  uploadTransport?: UploadTransport;
}

/**
 * The signed-out part of a Parley client: REST with token refresh and CSRF, the persisted session
 * (sign-in, registration, account controls) and its events — no socket, chat, calls or media.
 * A sign-in page needs no more; `completeParleyClient` grows it into the whole client later, on the
 * same session. Every `ParleyClient` is also a `SessionClient`.
 */
export interface SessionClient {
  api: {
    accounts: AccountsApi;
    /** Server capabilities and the call's ICE servers. */
    meta: MetaApi;
  };
  session: Session;
  /** Rehydration finished (or gave up after 5000 ms). */
  ready: Promise<void>;
  on(event: ParleyClientEvent, listener: () => void): () => void;
  dispose(): void;
}

/** What the rest of the client builds on; held beside each session client, never exported. */
export interface SessionParts {
  apiUrl: string;
  logger: Logger;
  events: EventHub;
  store: AuthStore;
  http: HttpClient;
  /** True while our own sign-out runs (the socket's close is then no expired session). */
  signingOut: () => boolean;
  /** Where the session persists; issue 29's moderation notices remember what was shown. */
  storage: StorageLike;
}

const partsOf = new WeakMap<SessionClient, SessionParts>();

/** The parts of a client made by `createSessionClient` (the only way to get one). */
export function sessionParts(client: SessionClient): SessionParts {
  const parts = partsOf.get(client);
  if (!parts) throw new Error('completeParleyClient needs a client made by createSessionClient.');
  return parts;
}

/** One per app: REST calls, the session and its persistence, and session events. */
export function createSessionClient(options: SessionClientOptions): SessionClient {
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
  const ready = store.hydrate();

  // The spec fetches the CSRF token at start; unsafe calls would otherwise fetch it first.
  http.fetchCsrf().catch((error: unknown) => {
    logger.warn('[parley] could not fetch a CSRF token at start', error);
  });

  const client: SessionClient = {
    api: { accounts, meta: createMetaApi(http) },
    session,
    ready,
    on: (event, listener) => events.on(event, listener),
    dispose: () => {
      store.dispose();
      events.clear();
    },
  };
  partsOf.set(client, {
    apiUrl: options.apiUrl,
    logger,
    events,
    store,
    http,
    signingOut: () => signingOut,
    storage,
  });
  return client;
}
