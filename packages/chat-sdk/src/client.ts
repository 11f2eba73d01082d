import { type AccountsApi, createAccountsApi } from './accounts-api';
import { TIMINGS } from './constants';
import { EventHub, type ParleyClientEvent } from './events';
import { HttpClient } from './http/http-client';
import type { UploadTransport } from './http/upload-transport';
import type { Logger } from './logger';
import { AuthStore } from './session/auth-store';
import { createSession, type Session } from './session/session';
import { createMemoryStorage, resolveStorage, type StorageLike } from './storage';

export interface ParleyClientOptions {
  /** The API origin, e.g. 'https://parley.example'; '' for same origin. */
  apiUrl: string;
  /** The socket origin; defaults from apiUrl / location. */
  wsUrl?: string;
  /** Where auth is persisted: default globalThis.localStorage when present, else in memory. */
  storage?: StorageLike | null;
  /** Default globalThis.fetch, read at call time. */
  fetch?: typeof fetch;
  logger?: Logger;
  /** Multipart uploads; default XMLHttpRequest when present (for progress), else fetch. */
  uploadTransport?: UploadTransport;
}

export interface ParleyClient {
  api: { accounts: AccountsApi };
  session: Session;
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
  const session = createSession(accounts, http, store, logger);

  const ready = store.hydrate();
  // The spec fetches the CSRF token at start; unsafe calls would otherwise fetch it first.
  http.fetchCsrf().catch((error: unknown) => {
    logger.warn('[parley] could not fetch a CSRF token at start', error);
  });

  return {
    api: { accounts },
    session,
    ready,
    on: (event, listener) => events.on(event, listener),
    dispose: () => {
      store.dispose();
      events.clear();
    },
  };
}
