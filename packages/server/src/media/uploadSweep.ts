import { MEDIA_LIMITS } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadsRepository } from '../plugins/app/uploads-repository.js';
import { MEDIA_FILE_NAME } from './mediaStore.js';
import type { ObjectStore } from './store/objectStore.js';
import { sweepStrayFiles } from './strayFiles.js';

const HOUR_MS = 60 * 60_000;

/**
 * The longest a URL the server handed out for a file stays valid: a signature lasts
 * `signedUrlSeconds` from signing, its expiry rounded up to the next hour (chatFiles.ts).
 */
export const SIGNED_URL_LIFETIME_MS = MEDIA_LIMITS.signedUrlSeconds * 1000 + HOUR_MS;

/**
 * How long the server keeps an answer of `GET /chatmessage/speech/` (speech of a text message,
 * stored as `synth` uploads no row names) and hands its files out again, newly signed.
 */
export const SPEECH_ANSWER_MAX_AGE_MS = 12 * HOUR_MS;

/**
 * How old an upload nobody references must be before it is deleted. Every URL of an unsent file
 * is signed no later than SPEECH_ANSWER_MAX_AGE_MS after the file was made (an upload answer or a
 * live stream's rendition at once, a cached speech answer within that age), so its links die
 * before SPEECH_ANSWER_MAX_AGE_MS + SIGNED_URL_LIFETIME_MS (37 h); 48 h leaves a margin, and a
 * person two days to send an attachment they uploaded.
 */
export const UPLOAD_GRACE_MS = 48 * HOUR_MS;
/**
 * A person's own upload (a chat file, a voice note) that no message names goes much sooner: an
 * attachment is sent within minutes of its upload, and unsent files would otherwise count against
 * nobody's use for two days (issue 22: the disk could be filled with them). The server's own
 * speech (`synth`) keeps UPLOAD_GRACE_MS, since its answers are handed out again for 12 h.
 */
export const UNSENT_UPLOAD_GRACE_MS = HOUR_MS;
/** How often unreferenced uploads are looked for. */
export const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60_000;
/** How often the media folders are listed for files no row names (a walk over every file). */
export const STRAY_FILE_SWEEP_INTERVAL_MS = 6 * HOUR_MS;
/** Uploads deleted by one statement, and files checked by one query. */
export const UPLOAD_SWEEP_BATCH = 200;
/** Batches one run may take, so one run never holds the database for long. */
const MAX_BATCHES_PER_RUN = 10;

export interface UploadSweepSettings {
  graceMs: number;
  /** For people's own uploads no message names (never longer than graceMs). */
  unsentGraceMs: number;
  intervalMs: number;
  strayFileIntervalMs: number;
  batchSize: number;
}

export const DEFAULT_UPLOAD_SWEEP: UploadSweepSettings = {
  graceMs: UPLOAD_GRACE_MS,
  unsentGraceMs: UNSENT_UPLOAD_GRACE_MS,
  intervalMs: UPLOAD_SWEEP_INTERVAL_MS,
  strayFileIntervalMs: STRAY_FILE_SWEEP_INTERVAL_MS,
  batchSize: UPLOAD_SWEEP_BATCH,
};

export interface UploadSweepResult {
  /** Stored names of deleted `media_uploads` rows (their files included). */
  uploads: string[];
  bytes: number;
  /** Files without a row, per media folder. */
  strayFiles: Map<string, string[]>;
}

/**
 * Deletes uploads nobody references (README, "Uploads nobody sends"). An upload is referenced
 * when a message names it (`file_url`, `audio_url`) or it is derived from one that is: an image's
 * thumbnail, a voice note's synthesized renditions. Everything else past the grace period goes,
 * row first (the repository's delete is safe for instances sharing the database), then its file;
 * an upload found referenced is marked `sweep_kept_at` and not examined again (messages are never
 * deleted).
 */
export class UploadSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private closed = false;
  private lastStrayFileSweep = Number.NEGATIVE_INFINITY;
  private readonly settings: UploadSweepSettings;

  constructor(
    private readonly uploads: UploadsRepository,
    private readonly objects: ObjectStore,
    private readonly log: FastifyBaseLogger,
    settings: Partial<UploadSweepSettings> = {},
  ) {
    const given = Object.entries(settings).filter(([, value]) => value !== undefined);
    this.settings = { ...DEFAULT_UPLOAD_SWEEP, ...Object.fromEntries(given) };
  }

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => {
      // One run at a time: a slow one is not overtaken by the next tick.
      if (this.running) return;
      this.running = this.sweep()
        .catch((error: unknown) => this.log.warn({ err: error }, 'upload sweep failed'))
        .finally(() => {
          this.running = null;
        });
    }, this.settings.intervalMs);
    this.timer.unref();
  }

  /** One run: unreferenced uploads, then (every strayFileIntervalMs) files without a row. */
  async sweep(): Promise<UploadSweepResult> {
    const result: UploadSweepResult = { uploads: [], bytes: 0, strayFiles: new Map() };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.closed; batch += 1) {
      const deleted = await this.deleteBatch();
      for (const row of deleted) {
        result.uploads.push(row.storedName);
        result.bytes += row.size;
      }
      await this.removeFiles(deleted.map((row) => row.storedName));
      if (deleted.length < this.settings.batchSize) break;
    }
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.closed; batch += 1) {
      if ((await this.keepBatch()) < this.settings.batchSize) break;
    }
    if (!this.closed && Date.now() - this.lastStrayFileSweep >= this.settings.strayFileIntervalMs) {
      this.lastStrayFileSweep = Date.now();
      result.strayFiles = await sweepStrayFiles({
        uploads: this.uploads,
        objects: this.objects,
        before: Date.now() - this.settings.graceMs,
        batchSize: this.settings.batchSize,
        maxRemoved: this.settings.batchSize * MAX_BATCHES_PER_RUN,
        stopped: () => this.closed,
      });
    }
    const strays = [...result.strayFiles].map(([folder, names]) => ({ folder, names }));
    if (result.uploads.length > 0 || strays.length > 0) {
      this.log.info(
        { uploads: result.uploads, bytes: result.bytes, strayFiles: strays },
        `upload sweep removed ${result.uploads.length} unreferenced uploads and ${strays.reduce((n, s) => n + s.names.length, 0)} stray files`,
      );
    }
    return result;
  }

  /** Rows past the grace period that nothing names, with the files derived from them. */
  private deleteBatch(): Promise<{ storedName: string; size: number }[]> {
    return this.uploads.deleteUnreferenced({
      graceMs: this.settings.graceMs,
      unsentGraceMs: Math.min(this.settings.unsentGraceMs, this.settings.graceMs),
      limit: this.settings.batchSize,
    });
  }

  /** Marks rows past the grace period that are referenced, so later runs skip them. */
  private keepBatch(): Promise<number> {
    return this.uploads.markReferenced({
      graceMs: this.settings.graceMs,
      limit: this.settings.batchSize,
    });
  }

  private async removeFiles(names: string[]): Promise<void> {
    for (const name of names) {
      if (!MEDIA_FILE_NAME.test(name)) continue;
      // A file already gone (another instance sharing the store, a manual clean-up) is fine.
      await this.objects
        .delete(`chat/${name}`)
        .catch((error: unknown) =>
          this.log.warn({ err: error, name }, 'upload sweep could not remove a file'),
        );
    }
  }

  /** Stops the timer and waits for a run under way (it stops after its current batch). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
