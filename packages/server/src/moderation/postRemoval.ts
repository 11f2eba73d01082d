import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ObjectStore } from '../media/store/objectStore.js';
import { PostFileStore } from '../posts/postFiles.js';

/**
 * Issue 29's remove_post: the post is deleted for everyone (its categories and caption
 * translations go with the row, its image or video file from the store; the author's storage quota
 * counts posts' rows, so it frees itself). Already gone: nothing to do.
 */
export async function removeReportedPost(
  app: FastifyInstance,
  objects: ObjectStore,
  postId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const removed = await app.postsRepository.remove(postId);
  if (!removed?.contentUrl) return;
  await new PostFileStore(objects)
    .remove(removed.contentUrl)
    .catch((error: unknown) =>
      log.warn({ err: error, postId }, 'removing a moderated post file failed'),
    );
}
