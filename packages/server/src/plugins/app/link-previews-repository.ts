import { eq } from 'drizzle-orm';
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
  /** Records on the message the card its readers got. */
  attachToMessage(messageId: number, preview: StoredLinkPreview): Promise<void>;
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
      await db.update(messages).set({ linkPreview: preview }).where(eq(messages.id, messageId));
    },
  };
}
