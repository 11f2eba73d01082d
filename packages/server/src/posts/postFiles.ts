import { randomBytes } from 'node:crypto';
import { POST_LIMITS } from '@parley/chat-sdk';
import { AUDIO_BRANDS, isMatroska } from '../media/chatFileTypes.js';
import { sniffImage } from '../media/imageSniffing.js';
import { MEDIA_FILE_NAME } from '../media/mediaStore.js';
import type { ObjectStore } from '../media/store/objectStore.js';

/** Post files are served here (with HTTP ranges, so videos seek): `/posts/media/<random>.<ext>`. */
export const POST_MEDIA_PREFIX = '/posts/media/';

export interface SniffedPostFile {
  kind: 'image' | 'video';
  extension: string;
  contentType: string;
}

export const POST_MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** A video by its container's magic bytes (MP4/QuickTime `ftyp`, WebM/Matroska EBML), or null. */
export function sniffVideo(bytes: Uint8Array): SniffedPostFile | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (AUDIO_BRANDS.has(brand)) return null;
    if (brand === 'qt  ')
      return { kind: 'video', extension: 'mov', contentType: 'video/quicktime' };
    return { kind: 'video', extension: 'mp4', contentType: 'video/mp4' };
  }
  if (isMatroska(bytes)) return { kind: 'video', extension: 'webm', contentType: 'video/webm' };
  return null;
}

/** What a post file is, by its bytes only: never by its name or the type the client claimed. */
export function sniffPostFile(bytes: Uint8Array): SniffedPostFile | null {
  const image = sniffImage(bytes);
  if (image) return { kind: 'image', extension: image.extension, contentType: image.contentType };
  return sniffVideo(bytes);
}

export function postFileLimit(kind: 'image' | 'video'): number {
  return kind === 'image' ? POST_LIMITS.imageMaxBytes : POST_LIMITS.videoMaxBytes;
}

/** Post files in the store under `posts/` (on disk, `<media root>/posts`), random names only. */
export class PostFileStore {
  constructor(readonly objects: ObjectStore) {}

  async save(extension: string, bytes: Uint8Array): Promise<string> {
    const name = `${randomBytes(18).toString('base64url')}.${extension}`;
    await this.objects.put(
      `posts/${name}`,
      bytes,
      POST_MEDIA_TYPES[extension] ?? 'application/octet-stream',
    );
    return `${POST_MEDIA_PREFIX}${name}`;
  }

  async remove(url: string | null): Promise<void> {
    const name = url?.startsWith(POST_MEDIA_PREFIX) ? url.slice(POST_MEDIA_PREFIX.length) : null;
    if (name && MEDIA_FILE_NAME.test(name)) await this.objects.delete(`posts/${name}`);
  }

  /** A name we could have written, or null (no paths, no dot files). */
  static validName(name: string): boolean {
    return MEDIA_FILE_NAME.test(name);
  }
}
