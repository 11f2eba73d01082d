import { LIMITS, type Post, type Profile, profilePath, profilePostsPath } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { blockingRule } from '../connections/blockingRule.js';
import { detailError, fieldError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { firstString, parseId } from '../http/queryParams.js';
import type { CaptionTranslation } from '../posts/captionTranslation.js';
import { postsForReader } from '../posts/postViews.js';
import { bioForReader } from './bioTranslation.js';

/** The newest posts the profile answer carries; older ones come a page at a time. */
export const PROFILE_POSTS_MAX = 60;

export interface ProfileRouteOptions {
  ctx: AppContext;
  translation: CaptionTranslation;
}

/** A person's profile with their newest posts, and their older posts by cursor. */
export const profileRoutes: FastifyPluginAsync<ProfileRouteOptions> = async (
  app,
  { ctx, translation },
) => {
  const { connectionsRepository: connections, postsRepository: posts } = app;
  const auth = { preHandler: requireUser(ctx) };
  // profilePath('x') is '/accounts/profile/x/': the route's parameter takes its place.
  const route = profilePath(':username').replace(encodeURIComponent(':username'), ':username');

  async function profileUser(name: string) {
    const user = await app.usersRepository.byUsername(name.slice(0, 200));
    if (!user) throw detailError(404, NOT_FOUND_DETAIL);
    return user;
  }

  const blocking = blockingRule(connections);

  app.get<{ Params: { username: string } }>(route, auth, async (request): Promise<Profile> => {
    const reader = accountOf(request);
    const user = await profileUser(request.params.username);
    // Someone who blocked the reader shows no posts to them (and says nothing about it).
    const hidden = await blocking.hidesPosts(user.id, reader.id);
    const blockedByReader = await blocking.hasBlocked(reader.id, user.id);
    const postCount = hidden ? 0 : await posts.countByAuthor(user.id);
    const rows = hidden ? [] : await posts.newestByAuthor(user.id, PROFILE_POSTS_MAX);
    const bioTranslation = await bioForReader(
      translation,
      user.profileInfo,
      user.language,
      reader.language,
    );
    const profile: Profile = {
      id: user.id,
      username: user.username,
      profile_image: user.profileImage,
      first_name: user.firstName,
      last_name: user.lastName,
      profile_info: user.profileInfo,
      post_count: postCount,
      followers_count: user.followersCount,
      following_count: await connections.followingCount(user.id),
      posts: await postsForReader(translation, rows, reader),
      blocked: blockedByReader,
    };
    if (bioTranslation) profile.bio_translation = bioTranslation;
    return profile;
  });

  // Older posts of a profile, a page at a time after the post the reader has last (a cursor, so
  // a post made meanwhile neither shifts nor repeats what the reader sees).
  const postsRoute = profilePostsPath(':username', 0)
    .replace(encodeURIComponent(':username'), ':username')
    .split('?')[0] as string;
  app.get<{ Params: { username: string }; Querystring: Record<string, unknown> }>(
    postsRoute,
    auth,
    async (request): Promise<{ results: Post[]; next: string | null; count: number }> => {
      const reader = accountOf(request);
      const before = parseId(firstString(request.query.before));
      if (before === null) throw fieldError({ before: ['A valid integer is required.'] });
      const user = await profileUser(request.params.username);
      if (await blocking.hidesPosts(user.id, reader.id))
        return { results: [], next: null, count: 0 };
      // One past the page says whether there is a next one.
      const rows = await posts.olderByAuthor(user.id, before, LIMITS.pageSize + 1);
      if (!rows) throw detailError(404, NOT_FOUND_DETAIL);
      const total = await posts.countByAuthor(user.id);
      const page = rows.slice(0, LIMITS.pageSize);
      const last = page.at(-1);
      return {
        results: await postsForReader(translation, page, reader),
        next:
          rows.length > LIMITS.pageSize && last ? profilePostsPath(user.username, last.id) : null,
        count: total,
      };
    },
  );
};
