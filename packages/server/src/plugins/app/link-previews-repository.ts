import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { linkPreviews, messages, type StoredLinkPreview } from '../../db/schema.js';

/** A cached fetch of a URL: the card, or null for a page that had none or failed. */
export interface CachedLinkPreview {
  preview: StoredLinkPreview | null;
  expiresAt: Date;
}

/** Storage of link previews (issue 25): the per-URL cache and the card a message carries. */
export interface LinkPreviewsRepository {
  /** The cached result of `url` that has not expired by `now`, or null. */
  cached(url: string, now: Date): Promise<CachedLinkPreview | null>;
  /** Stores (or replaces) the result of fetching `url`. */
  save(url: string, preview: StoredLinkPreview | null, expiresAt: Date): Promise<void>;
  /** Records on the message the card its readers got; false when it was deleted (or is gone). */
  attachToMessage(messageId: number, preview: StoredLinkPreview): Promise<boolean>;
  /** Forgets at most `limit` results that expired by `now`; how many went. */
  deleteExpired(now: Date, limit: number): Promise<number>;
  /**
   * Which of these image URLs (`/media/link-previews/…`) are still needed: shown by the card of a
   * message that is not deleted, or by a cache entry that has not expired by `now`.
   */
  imagesInUse(urls: readonly string[], now: Date): Promise<Set<string>>;
}

export function createLinkPreviewsRepository(db: Database): LinkPreviewsRepository {
  return {
    async cached(url, now) {
      const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url)).limit(1);
      if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
      return { preview: row.preview ?? null, expiresAt: row.expiresAt };
    },
    async save(url, preview, expiresAt) {
      await db
        .insert(linkPreviews)
        .values({ url, preview, expiresAt, fetchedAt: new Date() })
        .onConflictDoUpdate({
          target: linkPreviews.url,
          set: { preview, expiresAt, fetchedAt: new Date() },
        });
    },
    async attachToMessage(messageId, preview) {
      const rows = await db
        .update(messages)
        .set({ linkPreview: preview })
        .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },
    async deleteExpired(now, limit) {
      const gone = await db
        .delete(linkPreviews)
        .where(
          inArray(
            linkPreviews.url,
            db
              .select({ url: linkPreviews.url })
              .from(linkPreviews)
              .where(lte(linkPreviews.expiresAt, now))
              .limit(limit),
          ),
        )
        .returning({ url: linkPreviews.url });
      return gone.length;
    },
    async imagesInUse(urls, now) {
      if (urls.length === 0) return new Set();
      const list = [...urls];
      const cards = await db
        .select({ url: sql<string>`${messages.linkPreview} ->> 'image_url'` })
        .from(messages)
        .where(
          and(
            isNotNull(messages.linkPreview),
            inArray(sql`${messages.linkPreview} ->> 'image_url'`, list),
            isNull(messages.deletedAt),
          ),
        );
      const cached = await db
        .select({ url: sql<string>`${linkPreviews.preview} ->> 'image_url'` })
        .from(linkPreviews)
        .where(
          and(
            inArray(sql`${linkPreviews.preview} ->> 'image_url'`, list),
            gt(linkPreviews.expiresAt, now),
          ),
        );
      return new Set([...cards, ...cached].map((row) => row.url));
    },
  };
}
