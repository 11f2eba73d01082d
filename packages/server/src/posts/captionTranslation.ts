import { languageCodeForName } from '@parley/chat-sdk';
import type { ChatTranslation } from '../chat/messageTranslation.js';
import type { PostRow } from '../db/schema.js';
import type {
  ConnectionsRepository,
  PostsRepository,
  UsersRepository,
} from '../plugins/app/index.js';
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

/** The chat's translation path plus the posts' storage, where caption translations are kept. */
export type CaptionTranslation = ChatTranslation & { posts: PostsRepository };

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

  const stored = await deps.posts.storedCaptions(
    needed.map((p) => p.id),
    readerLanguage,
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
        await deps.posts
          .saveCaption({
            postId: post.id,
            language: readerLanguage,
            text,
            engine: answer.engine ?? null,
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

/** Translates a new caption into each language the author's connections read. */
export async function pretranslateCaption(
  translation: CaptionTranslation,
  storage: { users: UsersRepository; connections: ConnectionsRepository },
  row: PostRow,
): Promise<void> {
  const ids = await storage.connections.acceptedIds(row.authorId);
  if (ids.length === 0) return;
  const readers = await storage.users.byIds(ids);
  const codes = new Set(
    readers
      .map((r) => languageCodeForName(r.language))
      .filter((code): code is string => Boolean(code) && code !== row.captionLanguage),
  );
  const source = { id: row.id, caption: row.caption, captionLanguage: row.captionLanguage };
  // Without the history budget: nobody waits on this.
  const unhurried = { ...translation, historyBudgetMs: 60_000 };
  await Promise.all([...codes].map((code) => captionsForReader(unhurried, [source], code)));
}
