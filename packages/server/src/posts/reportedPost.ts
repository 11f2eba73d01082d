import type { FastifyInstance } from 'fastify';
import { blockingRule } from '../connections/blockingRule.js';
import type { PostRow } from '../db/schema.js';

/**
 * The post a report names (issue 29), when it is `authorId`'s and the reporter may see it: the
 * profile's rule (blockingRule.hidesPosts: anyone signed in sees a person's posts unless that
 * person blocked them). Null otherwise, so nobody learns of posts they cannot see.
 */
export async function reportablePost(
  app: FastifyInstance,
  postId: number,
  authorId: number,
  reporterId: number,
): Promise<PostRow | null> {
  const post = await app.postsRepository.byId(postId);
  if (!post || post.authorId !== authorId) return null;
  if (await blockingRule(app.connectionsRepository).hidesPosts(post.authorId, reporterId)) {
    return null;
  }
  return post;
}
