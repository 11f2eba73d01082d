import type { FastifyBaseLogger } from 'fastify';
import type { LinkPreviewsRepository } from '../plugins/app/link-previews-repository.js';
import { MEDIA_FILE_NAME, MEDIA_URL_PREFIX } from './mediaStore.js';
import type { ObjectStore } from './store/objectStore.js';

const FOLDER = 'link-previews';
const IMAGE_PREFIX = `${MEDIA_URL_PREFIX}${FOLDER}/`;

export interface LinkPreviewImageSweepSettings {
  /**
   * Files younger than this are left alone: a fetch writes its image before it stores the card
   * that names it (a fetch lasts well under a minute: a few requests of 5 s each).
   */
  graceMs: number;
  intervalMs: number;
  /** Names checked per query, and expired cache rows deleted per statement. */
  batchSize: number;
  /** At most this many files are removed in one run. */
  maxRemoved: number;
}

export const DEFAULT_LINK_PREVIEW_IMAGE_SWEEP: LinkPreviewImageSweepSettings = {
  graceMs: 60 * 60_000,
  intervalMs: 30 * 60_000,
  batchSize: 200,
  maxRemoved: 2_000,
};

/** Expired cache rows deleted per run, so one run never holds the database for long. */
const MAX_EXPIRED_BATCHES = 10;

export interface LinkPreviewImageSweepResult {
  /** Cache entries forgotten because they expired. */
  expired: number;
  /** URL paths of the images removed. */
  removed: string[];
}

/**
 * Removes preview images nobody needs any more (link previews, issue 25 round two; in the style
 * of the upload sweep, uploadSweep.ts). A card's image is Parley's own copy under
 * `/media/link-previews/`; it is needed while a message that is not deleted shows the card, or a
 * cache entry that has not expired names it. Each run forgets expired cache entries, then walks
 * the folder and removes every image past the grace period that neither names. Names the media
 * store could not have written are never touched.
 */
export class LinkPreviewImageSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private closed = false;
  private readonly settings: LinkPreviewImageSweepSettings;

  constructor(
    private readonly repository: LinkPreviewsRepository,
    private readonly objects: ObjectStore,
    private readonly log: FastifyBaseLogger,
    settings: Partial<LinkPreviewImageSweepSettings> = {},
  ) {
    const given = Object.entries(settings).filter(([, value]) => value !== undefined);
    this.settings = { ...DEFAULT_LINK_PREVIEW_IMAGE_SWEEP, ...Object.fromEntries(given) };
  }

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => {
      // One run at a time: a slow one is not overtaken by the next tick.
      if (this.running) return;
      this.running = this.sweep()
        .catch((error: unknown) => this.log.warn({ err: error }, 'link preview image sweep failed'))
        .finally(() => {
          this.running = null;
        });
    }, this.settings.intervalMs);
    this.timer.unref();
  }

  /** One run: expired cache entries, then the images nothing names. */
  async sweep(now = new Date()): Promise<LinkPreviewImageSweepResult> {
    const result: LinkPreviewImageSweepResult = { expired: 0, removed: [] };
    for (let batch = 0; batch < MAX_EXPIRED_BATCHES && !this.closed; batch += 1) {
      const gone = await this.repository.deleteExpired(now, this.settings.batchSize);
      result.expired += gone;
      if (gone < this.settings.batchSize) break;
    }
    const before = now.getTime() - this.settings.graceMs;
    let batch: string[] = [];
    for await (const object of this.objects.list(`${FOLDER}/`)) {
      if (this.closed || result.removed.length >= this.settings.maxRemoved) break;
      const name = object.key.slice(FOLDER.length + 1);
      if (!MEDIA_FILE_NAME.test(name) || object.modifiedAt >= before) continue;
      batch.push(name);
      if (batch.length >= this.settings.batchSize) {
        await this.removeUnused(batch, now, result);
        batch = [];
      }
    }
    if (batch.length > 0 && !this.closed) await this.removeUnused(batch, now, result);
    if (result.removed.length > 0) {
      this.log.info(
        { removed: result.removed, expired: result.expired },
        `link preview image sweep removed ${result.removed.length} images`,
      );
    }
    return result;
  }

  private async removeUnused(
    names: string[],
    now: Date,
    result: LinkPreviewImageSweepResult,
  ): Promise<void> {
    const urls = names.map((name) => `${IMAGE_PREFIX}${name}`);
    const inUse = await this.repository.imagesInUse(urls, now);
    for (const [index, url] of urls.entries()) {
      if (inUse.has(url) || result.removed.length >= this.settings.maxRemoved) continue;
      // Another instance sharing the store may have removed it already: that is fine.
      await this.objects.delete(`${FOLDER}/${names[index] as string}`);
      result.removed.push(url);
    }
  }

  /** Stops the timer and waits for a run under way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
