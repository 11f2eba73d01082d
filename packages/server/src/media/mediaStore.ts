import { randomBytes } from 'node:crypto';
import { MEDIA_CONTENT_TYPES } from './imageSniffing.js';
import type { ObjectStore } from './store/objectStore.js';

export const MEDIA_URL_PREFIX = '/media/';
export const MEDIA_FOLDERS = ['profile-images', 'group-images', 'link-previews'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/** Names the store itself generates: random, so they can be neither guessed nor chosen. */
export const MEDIA_FILE_NAME = /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}$/;

/** Public pictures (profile, group, link preview) served at `/media/<folder>/<name>`. */
export interface MediaStore {
  /** The one store every kind of file goes through (disk or bucket: issue 28). */
  objects: ObjectStore;
  /** Writes the bytes under a random name and returns the URL path they are served at. */
  save(folder: MediaFolder, extension: string, bytes: Uint8Array): Promise<string>;
  /** Removes a file saved earlier, given its URL path; anything else is ignored. */
  remove(urlPath: string | null): Promise<void>;
  /** The store key behind a URL path of ours, or null. */
  resolve(folder: string, name: string): string | null;
}

export function createMediaStore(objects: ObjectStore): MediaStore {
  const resolve = (folder: string, name: string) =>
    (MEDIA_FOLDERS as readonly string[]).includes(folder) && MEDIA_FILE_NAME.test(name)
      ? `${folder}/${name}`
      : null;

  return {
    objects,
    resolve,
    async save(folder, extension, bytes) {
      const name = `${randomBytes(18).toString('base64url')}.${extension}`;
      const type = MEDIA_CONTENT_TYPES[extension] ?? 'application/octet-stream';
      await objects.put(`${folder}/${name}`, bytes, type);
      return `${MEDIA_URL_PREFIX}${folder}/${name}`;
    },
    async remove(urlPath) {
      if (!urlPath?.startsWith(MEDIA_URL_PREFIX)) return;
      const [folder, name, ...rest] = urlPath.slice(MEDIA_URL_PREFIX.length).split('/');
      const key = rest.length === 0 && folder && name ? resolve(folder, name) : null;
      if (key) await objects.delete(key);
    },
  };
}
