import { dirname, resolve } from 'node:path';
import { findMigrationsFolder } from './db/migrationsFolder.js';

// The package root: the folder holding the committed migrations, from src/ and from dist/ alike.
export const packageRoot = dirname(findMigrationsFolder());

type Env = NodeJS.ProcessEnv;

/** DATA_DIR, absolute; `packages/server/.data` by default. */
export function dataDirFromEnv(env: Env): string {
  return resolve(env.DATA_DIR || resolve(packageRoot, '.data'));
}

export function readPort(text: string | undefined): number {
  const port = Number(text ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${text}`);
  return port;
}

export function readTtl(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const ttl = Number(text);
  if (!Number.isInteger(ttl) || ttl <= 0) throw new Error(`Invalid ACCESS_TOKEN_TTL: ${text}`);
  return ttl;
}

export function readTrustProxy(text: string | undefined): boolean | string {
  if (text === undefined || text === '' || text === 'false') return false;
  return text === 'true' ? true : text;
}

/** UPLOAD_GRACE_SECONDS: how old an unreferenced upload must be to be deleted (README). */
export function readUploadGrace(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new Error(`Invalid UPLOAD_GRACE_SECONDS: ${text}`);
  }
  return seconds * 1000;
}

/** UNSENT_UPLOAD_GRACE_SECONDS: how long a person's upload no message names is kept (README). */
export function readUnsentUploadGrace(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new Error(`Invalid UNSENT_UPLOAD_GRACE_SECONDS: ${text}`);
  }
  return seconds * 1000;
}

/** STORAGE_QUOTA_MB: the bytes each person may keep stored, in MiB (README, "Limits"). */
export function readStorageQuota(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const mib = Number(text);
  if (!Number.isInteger(mib) || mib <= 0) throw new Error(`Invalid STORAGE_QUOTA_MB: ${text}`);
  return mib * 1024 * 1024;
}

/**
 * PUBLIC_URL's origin (`https://chat.example.com`), from which the pages' CSP allows connections
 * (and `wss://` to the same host). The same variable gives billing and Drive their return URLs.
 */
export function readPublicUrl(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Invalid PUBLIC_URL (expected e.g. https://chat.example.com): ${text}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Invalid PUBLIC_URL (expected an http or https URL): ${text}`);
  }
  return url.origin;
}
