import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MEDIA_URL_PREFIX = '/media/';
export const MEDIA_FOLDERS = ['profile-images', 'group-images', 'link-previews'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/** Names the store itself generates: random, so they can be neither guessed nor chosen. */
export const MEDIA_FILE_NAME = /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}$/;

export interface MediaStore {
  root: string;
  /** Writes the bytes under a random name and returns the URL path they are served at. */
  save(folder: MediaFolder, extension: string, bytes: Uint8Array): Promise<string>;
  /** Removes a file saved earlier, given its URL path; anything else is ignored. */
  remove(urlPath: string | null): Promise<void>;
  /** The file behind a URL path of ours, or null. */
  resolve(folder: string, name: string): string | null;
}

export function createMediaStore(root: string): MediaStore {
  const resolve = (folder: string, name: string) =>
    (MEDIA_FOLDERS as readonly string[]).includes(folder) && MEDIA_FILE_NAME.test(name)
      ? join(root, folder, name)
      : null;

  return {
    root,
    resolve,
    async save(folder, extension, bytes) {
      const name = `${randomBytes(18).toString('base64url')}.${extension}`;
      await mkdir(join(root, folder), { recursive: true, mode: 0o700 });
      // Served by the server itself: nobody else on the machine needs to read uploads.
      await writeFile(join(root, folder, name), bytes, { flag: 'wx', mode: 0o600 });
      return `${MEDIA_URL_PREFIX}${folder}/${name}`;
    },
    async remove(urlPath) {
      if (!urlPath?.startsWith(MEDIA_URL_PREFIX)) return;
      const [folder, name, ...rest] = urlPath.slice(MEDIA_URL_PREFIX.length).split('/');
      const file = rest.length === 0 && folder && name ? resolve(folder, name) : null;
      if (file) await rm(file, { force: true });
    },
  };
}
