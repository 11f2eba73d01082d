import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ObjectStore, STORED_FOLDERS } from './objectStore.js';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

/**
 * Copies every stored object into `dir/<folder>/<name>`: a backup holds a bucket's files in the
 * same layout as a local data dir's `media/`, so either store restores from it. Returns the count.
 */
export async function copyObjectsToFolder(store: ObjectStore, dir: string): Promise<number> {
  let copied = 0;
  for (const folder of STORED_FOLDERS) {
    for await (const object of store.list(`${folder}/`)) {
      const bytes = await store.readBytes(object.key);
      if (!bytes) continue; // removed meanwhile (a sweep): nothing to keep
      await mkdir(join(dir, folder), { recursive: true, mode: 0o700 });
      await writeFile(join(dir, object.key), bytes, { mode: 0o600 });
      copied += 1;
    }
  }
  return copied;
}

/** Uploads a backup's `media/<folder>/<name>` files into the store (a restore into S3). */
export async function copyFolderToObjects(dir: string, store: ObjectStore): Promise<number> {
  let copied = 0;
  for (const folder of STORED_FOLDERS) {
    const names = await readdir(join(dir, folder)).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const extension = name.slice(name.lastIndexOf('.') + 1);
      const type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
      await store.put(`${folder}/${name}`, await readFile(join(dir, folder, name)), type);
      copied += 1;
    }
  }
  return copied;
}
