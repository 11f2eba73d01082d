import { constants, createReadStream } from 'node:fs';
import { access, mkdir, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertObjectKey,
  type ByteRange,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
} from './objectStore.js';

/** Folders other local users may read, as before the store existed (post media is public). */
const WORLD_READABLE = new Set(['posts']);

/** The default store: files under `<data dir>/media/<folder>/<name>`, as Parley always kept them. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  private file(key: string): string {
    return join(this.root, assertObjectKey(key));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(key);
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const folder = key.slice(0, key.indexOf('/'));
    // Served by the server itself: nobody else on the machine needs to read uploads.
    await writeFile(file, bytes, { flag: 'wx', mode: WORLD_READABLE.has(folder) ? 0o644 : 0o600 });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const info = await stat(this.file(key)).catch(() => null);
    return info?.isFile() ? { size: info.size, modifiedAt: info.mtimeMs } : null;
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!(await this.head(key))) return null;
    return createReadStream(this.file(key), range);
  }

  async readBytes(key: string): Promise<Uint8Array | null> {
    return readFile(this.file(key)).catch(() => null);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const slash = prefix.lastIndexOf('/');
    const folder = slash === -1 ? '' : prefix.slice(0, slash + 1);
    const start = prefix.slice(slash + 1);
    const dir = await opendir(join(this.root, folder)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
      throw error;
    });
    if (!dir) return;
    for await (const entry of dir) {
      if (!entry.isFile() || entry.name.startsWith('.') || !entry.name.startsWith(start)) continue;
      const key = `${folder}${entry.name}`;
      const info = await stat(join(this.root, key)).catch(() => null);
      if (info) yield { key, size: info.size, modifiedAt: info.mtimeMs };
    }
  }

  /** Creates nothing: the folder appears with the first file, as it always did. */
  /** The folder exists (made when missing) and can be written. */
  async check(): Promise<void> {
    const info = await stat(this.root).catch(() => null);
    if (info && !info.isDirectory()) throw new Error(`${this.root} is not a folder`);
    if (!info) await mkdir(this.root, { recursive: true, mode: 0o700 });
    await access(this.root, constants.W_OK);
  }
}
