import { and, eq, inArray } from 'drizzle-orm';
import type { ChatTranslation } from '../chat/messageTranslation.js';
import type { Database } from '../db/database.js';
import { postCaptionTranslations } from '../db/schema.js';
import { DEFAULT_TRANSLATION_TIMEOUT_MS, translateSafely } from '../translation/index.js';

/** A caption for one reader: the text and whether it is a translation. */
export interface ReaderCaption {
  text: string;
  translated: boolean;
  failed: boolean;
}

export interface CaptionSource {
  id: number;
  caption: string;
  captionLanguage: string | null;
}

const CONCURRENCY = 4;

/** The chat's translation path plus the database the caption translations are stored in. */
export type CaptionTranslation = ChatTranslation & { db: Database };

/**
 * Captions in the reader's language, through the chat's translation path (engine, cache, timeout):
 * stored translations first, then the engine for the rest within the history budget, each result
 * stored once. A caption the engine cannot translate comes back as written, marked failed.
 */
export async function captionsForReader(
  deps: CaptionTranslation,
  posts: readonly CaptionSource[],
  readerLanguage: string | null,
): Promise<Map<number, ReaderCaption>> {
  const result = new Map<number, ReaderCaption>();
  const needed = posts.filter(
    (p) =>
      readerLanguage !== null &&
      p.captionLanguage !== null &&
      p.captionLanguage !== readerLanguage &&
      p.caption.trim() !== '',
  );
  for (const post of posts)
    result.set(post.id, { text: post.caption, translated: false, failed: false });
  if (needed.length === 0 || readerLanguage === null) return result;

  const stored = await deps.db
    .select()
    .from(postCaptionTranslations)
    .where(
      and(
        inArray(
          postCaptionTranslations.postId,
          needed.map((p) => p.id),
        ),
        eq(postCaptionTranslations.language, readerLanguage),
      ),
    );
  const byPost = new Map(stored.map((row) => [row.postId, row]));
  const missing: CaptionSource[] = [];
  for (const post of needed) {
    const row = byPost.get(post.id);
    if (row && !row.failed) {
      result.set(post.id, { text: row.text, translated: row.text !== post.caption, failed: false });
    } else {
      missing.push(post);
    }
  }

  const budget = AbortSignal.timeout(deps.historyBudgetMs ?? 4_000);
  let next = 0;
  const worker = async () => {
    while (next < missing.length && !budget.aborted) {
      const post = missing[next++] as CaptionSource;
      const from = post.captionLanguage as string;
      const answer = await translateSafely(deps.translator, post.caption, from, readerLanguage, {
        timeoutMs: deps.timeoutMs ?? DEFAULT_TRANSLATION_TIMEOUT_MS,
        signal: budget,
        onFailure: (error) =>
          deps.log.warn({ err: error, postId: post.id }, 'caption translation failed'),
      });
      const text = answer.translated ? answer.text : post.caption;
      result.set(post.id, {
        text,
        translated: answer.translated && text !== post.caption,
        failed: !answer.translated,
      });
      // Only a real answer is kept; a failure is tried again on the next read.
      if (answer.translated) {
        await deps.db
          .insert(postCaptionTranslations)
          .values({
            postId: post.id,
            language: readerLanguage,
            text,
            engine: answer.engine ?? null,
          })
          .onConflictDoUpdate({
            target: [postCaptionTranslations.postId, postCaptionTranslations.language],
            set: { text, engine: answer.engine ?? null, failed: false },
          })
          .catch((error: unknown) =>
            deps.log.warn({ err: error, postId: post.id }, 'storing a caption translation failed'),
          );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, missing.length) }, worker));
  for (const post of missing.slice(next)) {
    result.set(post.id, { text: post.caption, translated: false, failed: true });
  }
  return result;
}
