import {
  type FieldErrors,
  languageCodeForName,
  MEDIA_LIMITS,
  POST_CONTENT_TYPES,
  POST_LIMITS,
  type Post,
  type PostContentType,
} from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import { sourceLanguage } from '../chat/messageTranslation.js';
import type { UserRow } from '../db/schema.js';
import { charCount } from '../http/bodyFields.js';
import { parseId } from '../http/queryParams.js';
import { LIMIT_MESSAGES, type Limits, type StorageQuota, takeOrRefuse } from '../limits/index.js';
import type { AudioCodec } from '../media/audio.js';
import { reencodeImage } from '../media/imageEncoding.js';
import type { SniffedImage } from '../media/imageSniffing.js';
import type { ConnectionsRepository, UsersRepository } from '../plugins/app/index.js';
import { type CaptionTranslation, pretranslateCaption } from './captionTranslation.js';
import {
  type PostFileStore,
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

/** A new post as the form sent it. */
export interface PostForm {
  contentType?: string;
  caption?: string;
  categories: string[];
  file?: Buffer;
}

export type PublishResult =
  | { kind: 'created'; post: Post }
  | { kind: 'invalid'; fields: FieldErrors }
  | { kind: 'too-large'; detail: string }
  /** Storing it failed (logged); the file saved for it is removed again. */
  | { kind: 'failed' };

export interface PublishDeps {
  translation: CaptionTranslation;
  users: UsersRepository;
  connections: ConnectionsRepository;
  files: PostFileStore;
  limits: Limits;
  storageQuota: StorageQuota;
  codec?: Pick<AudioCodec, 'decodesVideo'>;
  log: FastifyBaseLogger;
}

interface ValidPost {
  contentType: PostContentType;
  caption: string;
  categoryIds: number[];
  sniffed: SniffedPostFile | null;
}

/** The form's fields checked in the spec's order; the first failing field message each. */
async function validate(
  deps: PublishDeps,
  form: PostForm,
): Promise<ValidPost | { errors: FieldErrors }> {
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
    add('caption', `Ensure this field has no more than ${POST_LIMITS.captionMaxChars} characters.`);
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
    const known = await deps.translation.posts.knownCategoryIds(categoryIds);
    const missing = categoryIds.find((id) => !known.includes(id));
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
  if (Object.keys(errors).length > 0) return { errors };
  return { contentType, caption, categoryIds, sniffed };
}

/**
 * Publishes a post: checks the form, counts it against the author's budget (429 and the storage
 * quota's 413 are thrown as HTTP errors, as everywhere), re-encodes images, stores file and row,
 * and starts translating the caption for the author's connections.
 */
export async function publishPost(
  deps: PublishDeps,
  author: UserRow,
  form: PostForm,
): Promise<PublishResult> {
  const valid = await validate(deps, form);
  if ('errors' in valid) return { kind: 'invalid', fields: valid.errors };
  const { contentType, caption, categoryIds, sniffed } = valid;
  if (sniffed && form.file && form.file.length > postFileLimit(sniffed.kind)) {
    const detail =
      sniffed.kind === 'image' ? POST_MESSAGES.imageTooLarge : POST_MESSAGES.videoTooLarge;
    return { kind: 'too-large', detail };
  }
  // A video must decode, not only open like one (where this server has a decoder to ask).
  if (sniffed?.kind === 'video' && form.file) {
    if ((await deps.codec?.decodesVideo(form.file)) === false) {
      return { kind: 'invalid', fields: { file: [POST_MESSAGES.notMedia] } };
    }
  }

  // Counted once the post is known to be valid: a typo does not cost a post.
  await takeOrRefuse(deps.limits, deps.limits.rules.posts, author.id, LIMIT_MESSAGES.posts);

  const { translation } = deps;
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
    if (!image) return { kind: 'invalid', fields: { file: [POST_MESSAGES.notMedia] } };
    stored = image.data;
  }
  if (stored) await deps.storageQuota.assertRoom(author.id, stored.length);
  const contentUrl = sniffed && stored ? await deps.files.save(sniffed.extension, stored) : null;
  const mediaSize = contentUrl && stored ? stored.length : null;
  const post = {
    authorId: author.id,
    contentType,
    contentUrl,
    mediaSize,
    caption,
    captionLanguage,
  };
  let row: Awaited<ReturnType<typeof translation.posts.create>>;
  try {
    row = await translation.posts.create(post, categoryIds);
  } catch (error) {
    await deps.files.remove(contentUrl).catch(() => undefined);
    deps.log.error({ err: error }, 'creating a post failed');
    return { kind: 'failed' };
  }
  const [shown] = await postsForReader(translation, [row], author);
  // Like a chat message at send time: the caption is translated now for the languages of the
  // author's connections, so their feeds read it from storage instead of waiting on the engine.
  if (row.caption !== '' && row.captionLanguage) {
    void pretranslateCaption(translation, deps, row).catch((error: unknown) =>
      deps.log.warn({ err: error, postId: row.id }, 'pretranslating a caption failed'),
    );
  }
  return { kind: 'created', post: shown as Post };
}
