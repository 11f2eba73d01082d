import type { ModerationPost, PostContentType } from '@parley/chat-sdk';
import type { ChatTranslation } from '../chat/messageTranslation.js';
import type { PostsRepository } from '../plugins/app/index.js';
import { captionsForReader } from '../posts/captionTranslation.js';

/** A post group as the queue reads it: the post's id and the caption its reporters saw. */
export interface ReportedPostRef {
  postId: number;
  reportedCaption: string | null;
}

/**
 * Issue 29: the reported posts of the queue, each with its caption in the moderator's language
 * (through the posts' own caption translations, stored ones reused) and the original. A post
 * gone since keeps the caption that was reported, marked removed.
 */
export async function postsForModerator(
  deps: { translation: ChatTranslation; posts: PostsRepository },
  refs: readonly ReportedPostRef[],
  language: string | null,
): Promise<Map<number, ModerationPost>> {
  const out = new Map<number, ModerationPost>();
  const rows = (await Promise.all(refs.map((ref) => deps.posts.byId(ref.postId)))).flatMap((row) =>
    row ? [row] : [],
  );
  const captions = await captionsForReader(
    { ...deps.translation, posts: deps.posts },
    rows.map((r) => ({ id: r.id, caption: r.caption, captionLanguage: r.captionLanguage })),
    language,
  );
  for (const row of rows) {
    const caption = captions.get(row.id);
    out.set(row.id, {
      id: row.id,
      caption: caption?.text ?? row.caption,
      original_caption: row.caption,
      translated: caption?.translated ?? false,
      ...(caption?.failed ? { translation_failed: true } : {}),
      content_type: row.contentType as PostContentType,
      content_url: row.contentUrl,
      created_at: row.createdAt.toISOString(),
      removed: false,
    });
  }
  for (const ref of refs) {
    if (out.has(ref.postId)) continue;
    const text = ref.reportedCaption ?? '';
    out.set(ref.postId, {
      id: ref.postId,
      caption: text,
      original_caption: text,
      translated: false,
      content_type: 'text',
      content_url: null,
      created_at: null,
      removed: true,
    });
  }
  return out;
}
