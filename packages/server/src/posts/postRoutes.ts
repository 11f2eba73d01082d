import { type Category, LIMITS, POST_LIMITS, POST_PATHS, type Post } from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { detailError, fieldError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { checkPageInRange, pagedAnswer, readPage } from '../http/paging.js';
import { firstString, parseId } from '../http/queryParams.js';
import type { AudioCodec } from '../media/audio.js';
import { sendStoredObject } from '../media/store/storedObjectResponse.js';
import type { CaptionTranslation } from './captionTranslation.js';
import { POST_MEDIA_TYPES, PostFileStore } from './postFiles.js';
import { postsForReader } from './postViews.js';
import { POST_MESSAGES, type PostForm, publishPost } from './publishPost.js';

/** The multipart form of a new post; limits the parser so an oversized form fails early. */
async function readPostForm(request: FastifyRequest): Promise<PostForm> {
  const form: PostForm = { categories: [] };
  const parts = request.parts({
    limits: {
      fileSize: POST_LIMITS.videoMaxBytes,
      files: 1,
      fields: POST_LIMITS.categoriesMax + 10,
      parts: POST_LIMITS.categoriesMax + 11,
      fieldSize: POST_LIMITS.captionMaxChars * 4 + 64,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !form.file) form.file = bytes;
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname === 'content_type' && form.contentType === undefined)
        form.contentType = value;
      else if (part.fieldname === 'caption' && form.caption === undefined) form.caption = value;
      else if (part.fieldname === 'categories' || part.fieldname === 'categories[]') {
        // Some clients send one comma-separated field instead of repeating it.
        form.categories.push(...value.split(',').filter((v) => v.trim() !== ''));
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw detailError(413, POST_MESSAGES.videoTooLarge);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw fieldError({ categories: [POST_MESSAGES.tooManyCategories] });
    }
    throw error;
  }
  return form;
}

export interface PostRouteOptions {
  ctx: AppContext;
  translation: CaptionTranslation;
  codec?: Pick<AudioCodec, 'decodesVideo'>;
}

/** Categories, creating a post, the feed, and post files (docs/protocol.md). */
export const postRoutes: FastifyPluginAsync<PostRouteOptions> = async (
  app,
  { ctx, translation, codec },
) => {
  const auth = { preHandler: requireUser(ctx) };
  const files = new PostFileStore(ctx.media.objects);
  const publishing = {
    translation,
    users: app.usersRepository,
    connections: app.connectionsRepository,
    files,
    limits: ctx.limits,
    storageQuota: ctx.storageQuota,
    codec,
    log: app.log,
  };

  app.get(
    POST_PATHS.categories,
    auth,
    async (): Promise<Category[]> => app.postsRepository.categories(),
  );

  app.post(POST_PATHS.create, auth, async (request, reply) => {
    if (!request.isMultipart()) throw detailError(415, 'Expected a multipart/form-data body.');
    const author = accountOf(request);
    const form = await readPostForm(request);
    const result = await publishPost({ ...publishing, log: request.log }, author, form);
    switch (result.kind) {
      case 'invalid':
        throw fieldError(result.fields);
      case 'too-large':
        throw detailError(413, result.detail);
      case 'failed':
        throw detailError(500, POST_MESSAGES.failed);
      case 'created':
        return reply.code(201).send(result.post);
    }
  });

  app.get<{ Querystring: Record<string, unknown> }>(POST_PATHS.feed, auth, async (request) => {
    const reader = accountOf(request);
    const page = readPage(request.query);
    const pageSize = LIMITS.pageSize;
    const categoryText = firstString(request.query.category);
    let category: number | undefined;
    if (categoryText !== undefined && categoryText !== '') {
      const id = parseId(categoryText);
      if (id === null) throw fieldError({ category: ['A valid integer is required.'] });
      category = id;
    }
    // My posts and those of everyone I am connected with (a block removes the connection).
    const authorIds = [reader.id, ...(await app.connectionsRepository.acceptedIds(reader.id))];
    const offset = (page - 1) * pageSize;
    const query = { authorIds, category, limit: pageSize, offset };
    const { rows, total } = await app.postsRepository.feedPage(query);
    checkPageInRange(page, pageSize, total);
    const results: Post[] = await postsForReader(translation, rows, reader);
    return pagedAnswer(POST_PATHS.feed, page, pageSize, total, results, {
      category: category === undefined ? undefined : String(category),
    });
  });

  // Post files: public like profile images (their names are unguessable), with ranges for video.
  app.get<{ Params: { name: string } }>('/posts/media/:name', async (request, reply) => {
    const { name } = request.params;
    const extension = name.split('.').pop() ?? '';
    const contentType = POST_MEDIA_TYPES[extension];
    if (!PostFileStore.validName(name) || !contentType) throw detailError(404, NOT_FOUND_DETAIL);
    const headers = {
      'Content-Type': contentType,
      'Content-Disposition': 'inline',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=31536000, immutable',
    };
    if (!(await sendStoredObject(request, reply, files.objects, `posts/${name}`, headers))) {
      throw detailError(404, NOT_FOUND_DETAIL);
    }
    return reply;
  });
};
