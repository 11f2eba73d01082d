import type { AccessTokens } from './auth/accessTokens.js';
import type { Database } from './db/database.js';
import type { Limits, StorageQuota } from './limits/index.js';
import type { MediaStore } from './media/mediaStore.js';

/** What route modules share: built once per server by buildServer. */
export interface AppContext {
  db: Database;
  accessTokens: AccessTokens;
  /** Derives a refresh token's successor (auth/refreshTokens.ts `refreshSuccessorKey`). */
  refreshSuccessorKey: Uint8Array;
  media: MediaStore;
  /** Verified against when a sign-in names no known user, to keep timing alike. */
  dummyPasswordHash: string;
  /** Per-person and per-address budgets (src/limits/), counted where every instance sees them. */
  limits: Limits;
  /** Bytes each person may keep stored. */
  storageQuota: StorageQuota;
}

/** What every route module is registered with: `await app.register(module, { ctx })`. */
export interface RouteOptions {
  ctx: AppContext;
}
