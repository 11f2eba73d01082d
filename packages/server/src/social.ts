import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './appContext.js';
import type { ChatFanout } from './chat/chatFanout.js';
import type { ChatTranslation } from './chat/messageTranslation.js';
import { connectionRoutes } from './connections/connectionRoutes.js';
import { safetyRoutes } from './connections/safetyRoutes.js';
import { socialPushThrough } from './connections/socialPush.js';
import type { AudioCodec } from './media/audio.js';
import { postRoutes } from './posts/postRoutes.js';
import { profileRoutes } from './profiles/profileRoutes.js';

export interface SocialRouteOptions {
  ctx: AppContext;
  /** The chat's fan-out: connection frames reach a user's open sockets through it. */
  fanout: ChatFanout;
  /** The chat's translation path, reused for post captions. */
  translation: ChatTranslation;
  /** Decodes a post video's first frame (a container signature alone is no video). */
  codec?: Pick<AudioCodec, 'decodesVideo'>;
}

/** Connections, block and report, profiles and posts (docs/protocol.md). */
export const socialRoutes: FastifyPluginAsync<SocialRouteOptions> = async (
  app,
  { ctx, fanout, translation, codec },
) => {
  const push = socialPushThrough(fanout);
  await app.register(connectionRoutes, { ctx, push });
  await app.register(safetyRoutes, { ctx, push });
  // Post captions take the chat's translation path and are stored beside the posts.
  const captions = { ...translation, posts: app.postsRepository };
  await app.register(profileRoutes, { ctx, translation: captions });
  await app.register(postRoutes, { ctx, translation: captions, codec });
};
