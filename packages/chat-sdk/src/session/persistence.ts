import type { CurrentUser } from '../protocol/accounts';
import type { StorageLike } from '../storage';

/** The storage key (spec §9): the app grew out of redux-persist and existing sessions keep working. */
export const PERSIST_KEY = 'persist:root';

/** The only persisted part of the state: auth (spec §3). */
export interface PersistedAuth {
  accessToken: string | null;
  user: CurrentUser | null;
}

const PERSIST_META = JSON.stringify({ version: 1, rehydrated: true });

/** redux-persist's shape: each top-level member is itself a JSON string. */
export function serializeAuth(auth: PersistedAuth): string {
  return JSON.stringify({
    auth: JSON.stringify({ accessToken: auth.accessToken, user: auth.user }),
    _persist: PERSIST_META,
  });
}

/** The stored auth, or null when absent or unreadable. */
export function parseAuth(raw: string | null): PersistedAuth | null {
  if (raw === null) return null;
  try {
    const root: unknown = JSON.parse(raw);
    if (typeof root !== 'object' || root === null) return null;
    const authText = (root as { auth?: unknown }).auth;
    const auth: unknown = typeof authText === 'string' ? JSON.parse(authText) : authText;
    if (typeof auth !== 'object' || auth === null) return null;
    const { accessToken, user } = auth as { accessToken?: unknown; user?: unknown };
    return {
      accessToken: typeof accessToken === 'string' && accessToken !== '' ? accessToken : null,
      user: typeof user === 'object' && user !== null ? (user as CurrentUser) : null,
    };
  } catch {
    return null;
  }
}

export type RehydrationResult =
  | { outcome: 'restored'; auth: PersistedAuth | null }
  | { outcome: 'timedOut' };

/** A pending read of the stored auth that gives up after `timeoutMs` or when cancelled. */
export interface PersistedAuthRead {
  result: Promise<RehydrationResult>;
  /** Gives up now (the client is disposed). */
  cancel(): void;
}

/** Reads the stored auth, giving up after `timeoutMs` (a storage that never answers). */
export function readPersistedAuth(storage: StorageLike, timeoutMs: number): PersistedAuthRead {
  let cancel = () => {};
  const result = new Promise<RehydrationResult>((resolve, reject) => {
    const timer = setTimeout(() => resolve({ outcome: 'timedOut' }), timeoutMs);
    cancel = () => {
      clearTimeout(timer);
      resolve({ outcome: 'timedOut' });
    };
    Promise.resolve()
      .then(() => storage.getItem(PERSIST_KEY))
      .then(
        (raw) => {
          clearTimeout(timer);
          resolve({ outcome: 'restored', auth: parseAuth(raw) });
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
  });
  return { result, cancel: () => cancel() };
}
