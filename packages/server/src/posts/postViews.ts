import { languageCodeForName, type Post, type PostContentType } from '@parley/chat-sdk';
import type { PostRow } from '../db/schema.js';
import type { CaptionTranslation } from './captionTranslation.js';
import { captionsForReader } from './captionTranslation.js';

export interface Reader {
  id: number;
  /** A language name from the list (the profile's). */
  language: string;
}

/** Posts as a reader sees them: categories, author, and the caption in the reader's language. */
export async function postsForReader(
  translation: CaptionTranslation,
  rows: readonly PostRow[],
  reader: Reader,
): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const links = await translation.posts.categoryLinks(ids);
  const authors = await translation.posts.authors([...new Set(rows.map((r) => r.authorId))]);
  const authorById = new Map(authors.map((a) => [a.id, a]));
  const captions = await captionsForReader(
    translation,
    rows.map((r) => ({ id: r.id, caption: r.caption, captionLanguage: r.captionLanguage })),
    languageCodeForName(reader.language) ?? null,
  );
  return rows.map((row) => {
    const caption = captions.get(row.id);
    const post: Post = {
      id: row.id,
      content_type: row.contentType as PostContentType,
      content_url: row.contentUrl,
      caption: caption?.text ?? row.caption,
      categories: links.filter((l) => l.postId === row.id).map((l) => l.categoryId),
      original_caption: row.caption,
      original_language: row.captionLanguage,
      translated: caption?.translated ?? false,
      created_at: row.createdAt.toISOString(),
    };
    if (caption?.failed) post.translation_failed = true;
    const author = authorById.get(row.authorId);
    if (author) post.author = author;
    return post;
  });
}
