import { MEDIA_PATHS } from '@parley/chat-sdk';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  groups,
  type MediaUploadRow,
  mediaUploads,
  posts,
  users,
  type VoiceRenditionRow,
  voiceRenditions,
} from '../../db/schema.js';

export type NewUploadRow = typeof mediaUploads.$inferInsert;
export type NewVoiceRendition = typeof voiceRenditions.$inferInsert;

/** What one sweep batch asks for (media/uploadSweep.ts holds the rule and the files). */
export interface SweepBatch {
  /** Uploads younger than this (ms) stay, whoever made them. */
  graceMs: number;
  /** People's own uploads nobody sent go sooner (never longer than graceMs). */
  unsentGraceMs: number;
  limit: number;
}

/** URL columns that name a picture in a media folder (posts, profile and group pictures). */
export type PictureColumn = 'postContent' | 'profileImage' | 'groupImage';

/**
 * Uploaded chat files (`media_uploads`), voice renditions, and the questions the upload sweep
 * asks of every table that names a file.
 */
export interface UploadsRepository {
  insert(row: NewUploadRow): Promise<MediaUploadRow>;
  byName(name: string): Promise<MediaUploadRow | null>;
  byNames(names: readonly string[]): Promise<MediaUploadRow[]>;
  renditions(uploadId: number, languages: readonly string[]): Promise<VoiceRenditionRow[]>;
  /** Keeps the first rendition stored for (upload, language). */
  saveRendition(row: NewVoiceRendition): Promise<void>;
  /**
   * Deletes uploads past their grace period that nothing names (no message's file or audio, no
   * upload's thumbnail, no rendition), with the files derived from them. Rows are chosen `for
   * update skip locked` and deleted in the same statement, so instances sharing the database
   * never pick the same row. The deleted rows' stored names and sizes.
   */
  deleteUnreferenced(batch: SweepBatch): Promise<{ storedName: string; size: number }[]>;
  /** Marks uploads past the grace period that are named (`sweep_kept_at`); how many. */
  markReferenced(batch: Pick<SweepBatch, 'graceMs' | 'limit'>): Promise<number>;
  /** Which of these stored names still have an upload row. */
  storedNamesIn(names: readonly string[]): Promise<Set<string>>;
  /** Which of these URLs a post, user or group still shows. */
  pictureUrlsIn(column: PictureColumn, urls: readonly string[]): Promise<Set<string>>;
}

type Rows<T> = { rows: T[] };

export function createUploadsRepository(db: Database): UploadsRepository {
  return {
    async insert(values) {
      const [row] = await db.insert(mediaUploads).values(values).returning();
      return row as MediaUploadRow;
    },

    async byName(name) {
      const [row] = await db
        .select()
        .from(mediaUploads)
        .where(eq(mediaUploads.storedName, name))
        .limit(1);
      return row ?? null;
    },

    async byNames(names) {
      if (names.length === 0) return [];
      return db
        .select()
        .from(mediaUploads)
        .where(inArray(mediaUploads.storedName, [...names]));
    },

    async renditions(uploadId, languages) {
      if (languages.length === 0) return [];
      return db
        .select()
        .from(voiceRenditions)
        .where(
          and(
            eq(voiceRenditions.uploadId, uploadId),
            inArray(voiceRenditions.language, [...languages]),
          ),
        );
    },

    async saveRendition(row) {
      await db.insert(voiceRenditions).values(row).onConflictDoNothing();
    },

    async deleteUnreferenced({ graceMs, unsentGraceMs, limit }) {
      const prefix = MEDIA_PATHS.filesPrefix;
      const result = await db.execute(sql`
        with roots as (
          select u.id from media_uploads u
          where u.sweep_kept_at is null
            and u.created_at < now() - ${unsentGraceMs}::float8 * interval '1 millisecond'
            and (u.kind <> 'synth'
              or u.created_at < now() - ${graceMs}::float8 * interval '1 millisecond')
            and not exists (select 1 from messages m where m.file_url = ${prefix}::text || u.stored_name)
            and not exists (select 1 from messages m where m.audio_url = ${prefix}::text || u.stored_name)
            and not exists (select 1 from media_uploads p where p.thumbnail_name = u.stored_name)
            and not exists (select 1 from voice_renditions r where r.synth_webm = u.stored_name)
            and not exists (select 1 from voice_renditions r where r.synth_mp4 = u.stored_name)
          order by u.created_at, u.id
          limit ${limit}
          for update of u skip locked
        ),
        doomed as (
          select id from roots
          union
          select d.id from media_uploads d
            join media_uploads p on p.thumbnail_name = d.stored_name
            where p.id in (select id from roots)
          union
          select d.id from media_uploads d
            join voice_renditions r on d.stored_name in (r.synth_webm, r.synth_mp4)
            where r.upload_id in (select id from roots)
        )
        delete from media_uploads where id in (select id from doomed)
        returning stored_name, size`);
      return (result as unknown as Rows<{ stored_name: string; size: number }>).rows.map((row) => ({
        storedName: row.stored_name,
        size: row.size,
      }));
    },

    async markReferenced({ graceMs, limit }) {
      const prefix = MEDIA_PATHS.filesPrefix;
      const result = await db.execute(sql`
        update media_uploads set sweep_kept_at = now()
        where id in (
          select u.id from media_uploads u
          where u.sweep_kept_at is null
            and u.created_at < now() - ${graceMs}::float8 * interval '1 millisecond'
            and (
              exists (select 1 from messages m where m.file_url = ${prefix}::text || u.stored_name)
              or exists (select 1 from messages m where m.audio_url = ${prefix}::text || u.stored_name)
              or exists (select 1 from media_uploads p where p.thumbnail_name = u.stored_name)
              or exists (select 1 from voice_renditions r where r.synth_webm = u.stored_name)
              or exists (select 1 from voice_renditions r where r.synth_mp4 = u.stored_name)
            )
          order by u.created_at, u.id
          limit ${limit}
          for update of u skip locked
        )
        returning id`);
      return (result as unknown as Rows<{ id: number }>).rows.length;
    },

    async storedNamesIn(names) {
      if (names.length === 0) return new Set();
      const rows = await db
        .select({ name: mediaUploads.storedName })
        .from(mediaUploads)
        .where(inArray(mediaUploads.storedName, [...names]));
      return new Set(rows.map((row) => row.name));
    },

    async pictureUrlsIn(column, urls) {
      if (urls.length === 0) return new Set();
      const list = [...urls];
      const rows =
        column === 'postContent'
          ? await db
              .select({ url: posts.contentUrl })
              .from(posts)
              .where(inArray(posts.contentUrl, list))
          : column === 'profileImage'
            ? await db
                .select({ url: users.profileImage })
                .from(users)
                .where(inArray(users.profileImage, list))
            : await db
                .select({ url: groups.image })
                .from(groups)
                .where(inArray(groups.image, list));
      return new Set(rows.map((row) => row.url).filter((url): url is string => url !== null));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadsRepository: UploadsRepository;
  }
}

/** Attaches `app.uploadsRepository`. */
export const uploadsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('uploadsRepository', createUploadsRepository(options.db));
  },
  { name: 'uploads-repository' },
);
