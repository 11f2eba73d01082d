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

/** Where people's files are kept (issue 28, docs/storage.md): the data dir, or an S3 bucket. */
export type MediaStoreSettings =
  | { kind: 'local' }
  | { kind: 's3'; bucket: string; endpoint?: string; forcePathStyle: boolean };

/**
 * MEDIA_STORE (`local`, the default, or `s3`) with S3_BUCKET, S3_ENDPOINT and S3_FORCE_PATH_STYLE;
 * region and credentials are the AWS SDK's own variables (AWS_REGION, AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY) or its other sources (a profile, an instance role).
 */
export function readMediaStoreSettings(env: Env): MediaStoreSettings {
  const kind = env.MEDIA_STORE || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`Invalid MEDIA_STORE (expected local or s3): ${kind}`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET, the bucket to keep files in');
  if (!env.AWS_REGION) {
    throw new Error('MEDIA_STORE=s3 needs AWS_REGION (any region name for a non-AWS store)');
  }
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    throw new Error('Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither');
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:$/.test(URL.canParse(endpoint) ? new URL(endpoint).protocol : '')) {
    throw new Error(`Invalid S3_ENDPOINT (expected e.g. https://s3.example.com): ${endpoint}`);
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE || 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle)) {
    throw new Error(`Invalid S3_FORCE_PATH_STYLE (expected true or false): ${pathStyle}`);
  }
  return {
    kind: 's3',
    bucket,
    endpoint,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}
