import { LIMITS, type Post, type Profile, profilePath, profilePostsPath } from '@parley/chat-sdk';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { hasBlocked } from '../connections/blocks.js';
import { followingCount } from '../connections/connectionStore.js';
import { posts, users } from '../db/schema.js';
import { detailError, fieldError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { firstString, parseId } from '../http/queryParams.js';
import type { CaptionTranslation } from '../posts/captionTranslation.js';
import { postsForReader } from '../posts/postViews.js';

/** The newest posts the profile answer carries; older ones come a page at a time. */
export const PROFILE_POSTS_MAX = 60;

export function registerProfileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  translation: CaptionTranslation,
): void {
  const { db } = ctx;
  // profilePath('x') is '/accounts/profile/x/': the route's parameter takes its place.
  const route = profilePath(':username').replace(encodeURIComponent(':username'), ':username');

  async function profileUser(name: string) {
    const username = name.slice(0, 200);
    const [user] = await db
      .select()
      .from(users)
      .where(
        and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)),
      )
      .limit(1);
    if (!user) throw detailError(404, NOT_FOUND_DETAIL);
    return user;
  }

  app.get<{ Params: { username: string } }>(
    route,
    { preHandler: requireUser(ctx) },
    async (request): Promise<Profile> => {
      const reader = accountOf(request);
      const user = await profileUser(request.params.username);
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

  // Older posts of a profile, a page at a time after the post the reader has last (a cursor, so
  // a post made meanwhile neither shifts nor repeats what the reader sees).
  const postsRoute = profilePostsPath(':username', 0)
    .replace(encodeURIComponent(':username'), ':username')
    .split('?')[0] as string;
  app.get<{ Params: { username: string }; Querystring: Record<string, unknown> }>(
    postsRoute,
    { preHandler: requireUser(ctx) },
    async (request): Promise<{ results: Post[]; next: string | null; count: number }> => {
      const reader = accountOf(request);
      const before = parseId(firstString(request.query.before));
      if (before === null) throw fieldError({ before: ['A valid integer is required.'] });
      const user = await profileUser(request.params.username);
      if (user.id !== reader.id && (await hasBlocked(db, user.id, reader.id))) {
        return { results: [], next: null, count: 0 };
      }
      const [cursor] = await db
        .select({ createdAt: posts.createdAt, id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, before), eq(posts.authorId, user.id)));
      if (!cursor) throw detailError(404, NOT_FOUND_DETAIL);
      const [totals] = await db
        .select({ total: count() })
        .from(posts)
        .where(eq(posts.authorId, user.id));
      const rows = await db
        .select()
        .from(posts)
        .where(
          and(
            eq(posts.authorId, user.id),
            or(
              lt(posts.createdAt, cursor.createdAt),
              and(eq(posts.createdAt, cursor.createdAt), lt(posts.id, cursor.id)),
            ),
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(LIMITS.pageSize + 1);
      const page = rows.slice(0, LIMITS.pageSize);
      const last = page.at(-1);
      return {
        results: await postsForReader(db, translation, page, reader),
        next:
          rows.length > LIMITS.pageSize && last ? profilePostsPath(user.username, last.id) : null,
        count: totals?.total ?? 0,
      };
    },
  );
}
