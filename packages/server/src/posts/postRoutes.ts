import { send } from '@fastify/send';
import {
  type Category,
  LIMITS,
  languageCodeForName,
  MEDIA_LIMITS,
  POST_CONTENT_TYPES,
  POST_LIMITS,
  POST_PATHS,
  type Post,
  type PostContentType,
} from '@parley/chat-sdk';
import { and, asc, count, desc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { sourceLanguage } from '../chat/messageTranslation.js';
import { acceptedConnectionIds } from '../connections/connectionStore.js';
import { checkPageInRange, pagedAnswer, readPage } from '../connections/listQuery.js';
import { postCategories, postCategoryLinks, posts, users } from '../db/schema.js';
import { charCount } from '../http/bodyFields.js';
import { detailError, fieldError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { firstString, parseId } from '../http/queryParams.js';
import { LIMIT_MESSAGES, takeOrRefuse } from '../limits/index.js';
import type { AudioCodec } from '../media/audio.js';
import { reencodeImage } from '../media/imageEncoding.js';
import type { SniffedImage } from '../media/imageSniffing.js';
import type { CaptionTranslation } from './captionTranslation.js';
import { captionsForReader } from './captionTranslation.js';
import {
  POST_MEDIA_TYPES,
  PostFileStore,
  postFileLimit,
  type SniffedPostFile,
  sniffPostFile,
} from './postFiles.js';
import { postsForReader } from './postViews.js';

/** The spec's post messages (§5, §8), and Parley's for what the spec leaves open. */
export const POST_MESSAGES = {
  noCategory: 'Please select at least one category.',
  noFile: 'Please upload a file for image or video posts.',
  failed: 'Failed to create post.',
  notMedia: 'Upload a valid image (PNG, JPEG, GIF, WebP) or video (MP4, MOV, WebM).',
  unknownCategory: (id: string) => `Invalid pk "${id}" - object does not exist.`,
  tooManyCategories: `Ensure this field has no more than ${POST_LIMITS.categoriesMax} elements.`,
  emptyText: 'A text post needs a caption.',
  imageTooLarge: 'Images must not be larger than 10 MiB.',
  videoTooLarge: 'Videos must not be larger than 50 MiB.',
} as const;

interface PostForm {
  contentType?: string;
  caption?: string;
  categories: string[];
  file?: Buffer;
}

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

/** Translates a new caption into each language the author's connections read. */
async function pretranslateCaption(
  db: AppContext['db'],
  translation: CaptionTranslation,
  row: typeof posts.$inferSelect,
): Promise<void> {
  const ids = await acceptedConnectionIds(db, row.authorId);
  if (ids.length === 0) return;
  const readers = await db
    .selectDistinct({ language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
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

export function registerPostRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  translation: CaptionTranslation,
  codec?: Pick<AudioCodec, 'decodesVideo'>,
): void {
  const { db } = ctx;
  const auth = { preHandler: requireUser(ctx) };
  const files = new PostFileStore(ctx.media.root);

  app.get(POST_PATHS.categories, auth, async (): Promise<Category[]> => {
    return db
      .select({ id: postCategories.id, name: postCategories.name })
      .from(postCategories)
      .orderBy(asc(postCategories.id));
  });

  app.post(POST_PATHS.create, auth, async (request, reply) => {
    if (!request.isMultipart()) throw detailError(415, 'Expected a multipart/form-data body.');
    const author = accountOf(request);
    const form = await readPostForm(request);
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };

    const claimed = (form.contentType ?? '').trim().toLowerCase();
    if (claimed === '') add('content_type', 'This field is required.');
    else if (!(POST_CONTENT_TYPES as readonly string[]).includes(claimed)) {
      add('content_type', `"${claimed.slice(0, 40)}" is not a valid choice.`);
    }
    const caption = (form.caption ?? '').replaceAll('\u0000', '').trim();
    if (charCount(caption) > POST_LIMITS.captionMaxChars) {
      add(
        'caption',
        `Ensure this field has no more than ${POST_LIMITS.captionMaxChars} characters.`,
      );
    }

    const categoryIds: number[] = [];
    for (const text of form.categories) {
      const id = parseId(text);
      if (id === null) {
        add('categories', POST_MESSAGES.unknownCategory(text.trim().slice(0, 20)));
        break;
      }
      if (!categoryIds.includes(id)) categoryIds.push(id);
    }
    if (form.categories.length === 0) add('categories', POST_MESSAGES.noCategory);
    else if (categoryIds.length > POST_LIMITS.categoriesMax) {
      add('categories', POST_MESSAGES.tooManyCategories);
    } else if (!errors.categories && categoryIds.length > 0) {
      const known = await db
        .select({ id: postCategories.id })
        .from(postCategories)
        .where(inArray(postCategories.id, categoryIds));
      const missing = categoryIds.find((id) => !known.some((k) => k.id === id));
      if (missing !== undefined) add('categories', POST_MESSAGES.unknownCategory(String(missing)));
    }

    // The type is what the bytes are; the client's claim only says whether a file is expected.
    let contentType: PostContentType = 'text';
    let sniffed: SniffedPostFile | null = null;
    const hasFile = form.file !== undefined && form.file.length > 0;
    if (claimed === 'image' || claimed === 'video') {
      if (!hasFile) add('file', POST_MESSAGES.noFile);
      else {
        sniffed = sniffPostFile(form.file as Buffer);
        if (!sniffed) add('file', POST_MESSAGES.notMedia);
        else contentType = sniffed.kind;
      }
    } else if (claimed === 'text' && caption === '') {
      add('caption', POST_MESSAGES.emptyText);
    }
    if (Object.keys(errors).length > 0) throw fieldError(errors);
    if (sniffed && form.file && form.file.length > postFileLimit(sniffed.kind)) {
      throw detailError(
        413,
        sniffed.kind === 'image' ? POST_MESSAGES.imageTooLarge : POST_MESSAGES.videoTooLarge,
      );
    }

    // A video must decode, not only open like one (where this server has a decoder to ask).
    if (
      sniffed?.kind === 'video' &&
      form.file &&
      (await codec?.decodesVideo(form.file)) === false
    ) {
      throw fieldError({ file: [POST_MESSAGES.notMedia] });
    }

    // Counted once the post is known to be valid: a typo does not cost a post.
    await takeOrRefuse(ctx.limits, ctx.limits.rules.posts, author.id, LIMIT_MESSAGES.posts);

    const profileCode = languageCodeForName(author.language) ?? null;
    const captionLanguage =
      caption === '' || profileCode === null
        ? profileCode
        : await sourceLanguage(translation, caption, profileCode).catch(() => profileCode);
    let stored = form.file;
    if (sniffed?.kind === 'image' && form.file) {
      // Decoded and re-encoded, as in chat: a disguised file is refused, and what a photo says
      // about where it was taken (EXIF GPS and the like) is not published with the post.
      const type = sniffed.extension as SniffedImage['extension'];
      const image = await reencodeImage(form.file, type, MEDIA_LIMITS.imageMaxPx);
      if (!image) throw fieldError({ file: [POST_MESSAGES.notMedia] });
      stored = image.data;
    }
    if (stored) await ctx.storageQuota.assertRoom(author.id, stored.length);
    const contentUrl = sniffed && stored ? await files.save(sniffed.extension, stored) : null;
    const mediaSize = contentUrl && stored ? stored.length : null;
    let row: typeof posts.$inferSelect;
    try {
      row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(posts)
          .values({
            authorId: author.id,
            contentType,
            contentUrl,
            mediaSize,
            caption,
            captionLanguage,
          })
          .returning();
        if (!inserted) throw new Error('post insert returned nothing');
        await tx
          .insert(postCategoryLinks)
          .values(categoryIds.map((categoryId) => ({ postId: inserted.id, categoryId })));
        return inserted;
      });
    } catch (error) {
      await files.remove(contentUrl).catch(() => undefined);
      request.log.error({ err: error }, 'creating a post failed');
      throw detailError(500, POST_MESSAGES.failed);
    }
    const [post] = await postsForReader(db, translation, [row], author);
    // Like a chat message at send time: the caption is translated now for the languages of the
    // author's connections, so their feeds read it from storage instead of waiting on the engine.
    if (row.caption !== '' && row.captionLanguage) {
      void pretranslateCaption(db, translation, row).catch((error: unknown) =>
        request.log.warn({ err: error, postId: row.id }, 'pretranslating a caption failed'),
      );
    }
    return reply.code(201).send(post);
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
    const authors = [reader.id, ...(await acceptedConnectionIds(db, reader.id))];
    const where = and(
      inArray(posts.authorId, authors),
      category === undefined
        ? undefined
        : sql`exists (select 1 from ${postCategoryLinks} where ${postCategoryLinks.postId} = ${posts.id} and ${postCategoryLinks.categoryId} = ${category})`,
    );
    const [totals] = await db.select({ total: count() }).from(posts).where(where);
    const total = totals?.total ?? 0;
    checkPageInRange(page, pageSize, total);
    const rows = await db
      .select()
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const results: Post[] = await postsForReader(db, translation, rows, reader);
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
    const result = await send(request.raw, name, {
      root: files.folder,
      acceptRanges: true,
      immutable: true,
      maxAge: '365d',
      dotfiles: 'deny',
      index: false,
    });
    if (result.type !== 'file') {
      if (result.statusCode === 404 || result.type === 'directory') {
        throw detailError(404, NOT_FOUND_DETAIL);
      }
      return reply.code(result.statusCode).headers(result.headers).send(result.stream);
    }
    return reply
      .code(result.statusCode)
      .headers(result.headers)
      .header('Content-Type', contentType)
      .header('Content-Disposition', 'inline')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(result.stream);
  });
}
