import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type ChatMessage, MEDIA_LIMITS, MEDIA_PATHS } from '@parley/chat-sdk';
import type { MediaUploadRow, VoiceRenditionRow } from '../db/schema.js';
import type { NewVoiceRendition, UploadsRepository } from '../plugins/app/uploads-repository.js';
import { MEDIA_FILE_NAME } from './mediaStore.js';
import type { ObjectStore } from './store/objectStore.js';

export type UploadKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'application'
  | 'voice'
  | 'synth'
  | 'thumbnail';

export interface NewUpload {
  ownerId: number;
  room: string;
  kind: UploadKind;
  mime: string;
  extension: string;
  bytes: Uint8Array;
  originalName: string;
  width?: number | null;
  height?: number | null;
  thumbnailName?: string | null;
  durationMs?: number | null;
  transcript?: string | null;
  transcriptStatus?: string | null;
  transcriptLanguage?: string | null;
}

/** `/chatmessage/files/<name>` → `<name>` when it is a name we could have written, else null. */
export function storedNameOf(url: string | null | undefined): string | null {
  if (!url) return null;
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    if (!URL.canParse(url)) return null;
    path = new URL(url).pathname;
  }
  const query = path.indexOf('?');
  if (query !== -1) path = path.slice(0, query);
  if (!path.startsWith(MEDIA_PATHS.filesPrefix)) return null;
  const name = path.slice(MEDIA_PATHS.filesPrefix.length);
  return MEDIA_FILE_NAME.test(name) ? name : null;
}

export function fileUrlPath(name: string): string {
  return `${MEDIA_PATHS.filesPrefix}${name}`;
}

/**
 * Signed, expiring URLs for uploaded chat files: `?e=<unix seconds>&s=<hmac>` over the name and
 * expiry. The server signs a URL only inside what it sends to members of the file's room
 * (socket frames, history, upload answers); a bearer token of a member works without signature.
 * Expiry is rounded up to the hour so a URL stays the same (and cacheable) for a while.
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly now: () => number = Date.now,
    private readonly ttlSeconds: number = MEDIA_LIMITS.signedUrlSeconds,
  ) {
    this.key = createHmac('sha256', Buffer.from(secret)).update('parley chat file urls').digest();
  }

  private mac(name: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${name}\n${expires}`).digest('base64url');
  }

  sign(url: string | null): string | null {
    const name = storedNameOf(url);
    if (!name) return url;
    const seconds = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const expires = Math.ceil(seconds / 3600) * 3600;
    return `${fileUrlPath(name)}?e=${expires}&s=${this.mac(name, expires)}`;
  }

  verify(name: string, expires: string | undefined, signature: string | undefined): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
    const at = Number(expires);
    if (at * 1000 < this.now()) return false;
    const expected = Buffer.from(this.mac(name, at));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The message with every file URL of ours signed (for one socket or one answer). */
  signMessage<T extends ChatMessage>(message: T): T {
    const signed = { ...message };
    signed.file_url = this.sign(message.file_url);
    signed.audio_url = this.sign(message.audio_url);
    if (message.thumbnail_url) signed.thumbnail_url = this.sign(message.thumbnail_url);
    if (message.synth_audio_url) signed.synth_audio_url = this.sign(message.synth_audio_url);
    if (message.synth_audio_url_mp4)
      signed.synth_audio_url_mp4 = this.sign(message.synth_audio_url_mp4);
    return signed;
  }
}

/** Chat files in the store (`chat/<random>.<ext>`: on disk under the media root) and their rows. */
export class ChatFileStore {
  constructor(
    readonly objects: ObjectStore,
    private readonly uploads: UploadsRepository,
  ) {}

  /** The store key of a name we could have written, else null. */
  key(name: string): string | null {
    return MEDIA_FILE_NAME.test(name) ? `chat/${name}` : null;
  }

  /** Removes a stored file by name (a file already gone is fine). */
  async remove(name: string): Promise<void> {
    const key = this.key(name);
    if (key) await this.objects.delete(key);
  }

  /** A stored file's bytes, or null when it is missing. */
  async readBytes(name: string): Promise<Uint8Array | null> {
    const key = this.key(name);
    return key ? this.objects.readBytes(key) : null;
  }

  async save(upload: NewUpload): Promise<MediaUploadRow> {
    const name = `${randomBytes(18).toString('base64url')}.${upload.extension}`;
    await this.objects.put(`chat/${name}`, upload.bytes, upload.mime);
    try {
      return await this.uploads.insert({
        ownerId: upload.ownerId,
        room: upload.room,
        kind: upload.kind,
        storedName: name,
        mime: upload.mime,
        size: upload.bytes.length,
        originalName: upload.originalName,
        width: upload.width ?? null,
        height: upload.height ?? null,
        thumbnailName: upload.thumbnailName ?? null,
        durationMs: upload.durationMs ?? null,
        transcript: upload.transcript ?? null,
        transcriptStatus: upload.transcriptStatus ?? null,
        transcriptLanguage: upload.transcriptLanguage ?? null,
      });
    } catch (error) {
      await this.objects.delete(`chat/${name}`);
      throw error;
    }
  }

  byName(name: string): Promise<MediaUploadRow | null> {
    return this.uploads.byName(name);
  }

  byNames(names: string[]): Promise<MediaUploadRow[]> {
    return this.uploads.byNames(names);
  }

  renditions(uploadId: number, languages: string[]): Promise<VoiceRenditionRow[]> {
    return this.uploads.renditions(uploadId, languages);
  }

  saveRendition(row: NewVoiceRendition): Promise<void> {
    return this.uploads.saveRendition(row);
  }
}
