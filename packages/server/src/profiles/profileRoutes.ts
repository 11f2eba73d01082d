import { type Profile, profilePath } from '@parley/chat-sdk';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { hasBlocked } from '../connections/blocks.js';
import { followingCount } from '../connections/connectionStore.js';
import { posts, users } from '../db/schema.js';
import { detailError, NOT_FOUND_DETAIL } from '../http/errors.js';
import type { CaptionTranslation } from '../posts/captionTranslation.js';
import { postsForReader } from '../posts/postViews.js';

/** The newest posts a profile shows; older ones are in the feed. */
export const PROFILE_POSTS_MAX = 60;

export function registerProfileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  translation: CaptionTranslation,
): void {
  const { db } = ctx;
  // profilePath('x') is '/accounts/profile/x/': the route's parameter takes its place.
  const route = profilePath(':username').replace(encodeURIComponent(':username'), ':username');

  app.get<{ Params: { username: string } }>(
    route,
    { preHandler: requireUser(ctx) },
    async (request): Promise<Profile> => {
      const reader = accountOf(request);
      const username = request.params.username.slice(0, 200);
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      if (!user) throw detailError(404, NOT_FOUND_DETAIL);
      // Someone who blocked the reader shows no posts to them (and says nothing about it).
      const hidden = user.id !== reader.id && (await hasBlocked(db, user.id, reader.id));
      const blockedByReader = user.id !== reader.id && (await hasBlocked(db, reader.id, user.id));
      const [totals] = hidden
        ? [{ total: 0 }]
        : await db.select({ total: count() }).from(posts).where(eq(posts.authorId, user.id));
      const rows = hidden
        ? []
        : await db
            .select()
            .from(posts)
            .where(eq(posts.authorId, user.id))
            .orderBy(desc(posts.createdAt), desc(posts.id))
            .limit(PROFILE_POSTS_MAX);
      return {
        id: user.id,
        username: user.username,
        profile_image: user.profileImage,
        first_name: user.firstName,
        last_name: user.lastName,
        profile_info: user.profileInfo,
        post_count: totals?.total ?? 0,
        followers_count: user.followersCount,
        following_count: await followingCount(db, user.id),
        posts: await postsForReader(db, translation, rows, reader),
        blocked: blockedByReader,
      };
    },
  );
}
