import type { Readable } from 'node:stream';

/**
 * Where every file the server keeps for people lives (issue 28): chat uploads with their
 * thumbnails and voice renditions, post media, profile and group pictures, link preview images.
 * Keys are `<folder>/<name>`, the same layout the local store keeps under `<data dir>/media`, so
 * one server's files can be copied into a bucket (or back) as they are.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Writes new bytes under a key (names are random and never reused). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Size and age of a stored object, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes as a stream (only `range`, inclusive, when given), or null when missing. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The whole object in memory, or null when missing: for small files only (backups, Drive). */
  readBytes(key: string): Promise<Uint8Array | null>;
  /** Removes an object; one already gone is fine (another instance, a sweep, a retry). */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder: `chat/`). */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Throws when the store cannot be reached (startup and readiness). */
  check(): Promise<void>;
}

export interface ObjectInfo {
  size: number;
  /** Milliseconds since the epoch. */
  modifiedAt: number;
}

export interface ListedObject extends ObjectInfo {
  key: string;
}

/** Inclusive byte offsets, as in HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Every folder the server writes people's files into. */
export const STORED_FOLDERS = [
  'chat',
  'posts',
  'profile-images',
  'group-images',
  'link-previews',
] as const;
export type StoredFolder = (typeof STORED_FOLDERS)[number];

/** `<folder>/<name>`: one plain folder, then a name without path separators or a leading dot. */
const OBJECT_KEY = /^[a-z][a-z-]*\/[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** Refuses a key that could reach outside its folder (on disk, `..`; anywhere, surprises). */
export function assertObjectKey(key: string): string {
  if (!OBJECT_KEY.test(key)) throw new Error(`not a stored file key: ${JSON.stringify(key)}`);
  return key;
}

export function objectKey(folder: StoredFolder, name: string): string {
  return assertObjectKey(`${folder}/${name}`);
}
