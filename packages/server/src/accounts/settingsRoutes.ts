import {
  ACCOUNT_PATHS,
  CHAT_THEME_NAMES,
  findLanguage,
  LINK_PREVIEW_PATHS,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';
import { reencodeImage } from '../media/imageEncoding.js';
import { sniffImage } from '../media/imageSniffing.js';
import { organizationMembersOf } from '../organizations/organizationStore.js';
import type { UserChanges } from '../plugins/app/index.js';
import { REGISTRATION_MESSAGES } from './registration.js';
import { toCurrentUser } from './userViews.js';

export const PROFILE_INFO_MAX = 500;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const PROFILE_IMAGE_MESSAGES = {
  missing: SERVER_MESSAGE_SOURCE.media.noFile,
  notImage: SERVER_MESSAGE_SOURCE.media.badImage,
  tooLarge: SERVER_MESSAGE_SOURCE.media.profileImageTooLarge,
} as const;

/** Profile images are kept at most this many pixels on a side (avatars show at most 96 px). */
export const PROFILE_IMAGE_MAX_PX = 1024;

/** The signed-in user's own account: read it and change one setting per call. */
export const settingsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const auth = { preHandler: requireUser(ctx) };

  async function saveChanges(request: FastifyRequest, changes: UserChanges) {
    const row = await app.usersRepository.update(accountOf(request).id, changes);
    if (!row) throw detailError(401, 'User no longer exists.');
    return toCurrentUser(row);
  }

  /** A JSON call that validates one field and saves it. */
  function settingRoute<T>(
    method: 'PATCH' | 'POST',
    url: string,
    read: (body: Record<string, unknown>, fields: FieldCollector) => T | undefined,
    toChanges: (value: T) => UserChanges,
  ) {
    app.route({
      method,
      url,
      ...auth,
      handler: async (request) => {
        const fields = new FieldCollector();
        const value = read(objectBody(request.body), fields);
        fields.throwIfAny();
        if (value === undefined) throw new Error(`${url}: validation passed without a value`);
        return saveChanges(request, toChanges(value));
      },
    });
  }

  app.get(ACCOUNT_PATHS.me, auth, async (request) => {
    const row = accountOf(request);
    // An administrator's members (spec §3 org_members); everyone else has none to list.
    const members = row.isOrgAdmin
      ? await organizationMembersOf(app.organizationsRepository, row.id)
      : [];
    return { ...toCurrentUser(row), org_members: members };
  });

  settingRoute(
    'PATCH',
    ACCOUNT_PATHS.updateLanguage,
    (body, fields) => {
      const name = fields.string(body, 'language');
      if (name === undefined) return undefined;
      const language = findLanguage(name);
      if (!language) fields.add('language', REGISTRATION_MESSAGES.unknownLanguage);
      return language?.name;
    },
    (language) => ({ language }),
  );

  settingRoute(
    'PATCH',
    ACCOUNT_PATHS.updateMuteSounds,
    (body, fields) => fields.boolean(body, 'mute_sounds'),
    (muteSounds) => ({ muteSounds }),
  );

  settingRoute(
    'PATCH',
    ACCOUNT_PATHS.updateVoiceOutput,
    (body, fields) => fields.boolean(body, 'voice_output_enabled'),
    (voiceOutputEnabled) => ({ voiceOutputEnabled }),
  );

  settingRoute(
    'PATCH',
    ACCOUNT_PATHS.updateAutoCorrect,
    (body, fields) => fields.boolean(body, 'auto_correct'),
    (autoCorrect) => ({ autoCorrect }),
  );

  // Parley extension (issue 25): off, the person neither sends nor sees read receipts.
  settingRoute(
    'PATCH',
    ACCOUNT_PATHS.updateReadReceipts,
    (body, fields) => fields.boolean(body, 'read_receipts'),
    (readReceipts) => ({ readReceipts }),
  );

  settingRoute(
    'PATCH',
    LINK_PREVIEW_PATHS.updateLinkPreviews,
    (body, fields) => fields.boolean(body, 'link_previews'),
    (linkPreviews) => ({ linkPreviews }),
  );

  settingRoute(
    'POST',
    ACCOUNT_PATHS.updateChatTheme,
    (body, fields) => fields.choice(body, 'chat_theme', CHAT_THEME_NAMES),
    (chatTheme) => ({ chatTheme }),
  );

  settingRoute(
    'PATCH',
    ACCOUNT_PATHS.updateProfileInfo,
    // An empty bio is allowed: it clears the text.
    (body, fields) =>
      fields.string(body, 'profile_info', { allowBlank: true, maxLength: PROFILE_INFO_MAX }),
    (profileInfo) => ({ profileInfo }),
  );

  app.patch(ACCOUNT_PATHS.updateProfileImage, auth, async (request) => {
    if (!request.isMultipart()) {
      throw fieldError({ profile_image: [PROFILE_IMAGE_MESSAGES.missing] });
    }
    let bytes: Buffer | undefined;
    try {
      bytes = await readProfileImagePart(request);
    } catch (error) {
      // The size limit can surface from the part being read or from the parts iterator itself.
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw detailError(413, PROFILE_IMAGE_MESSAGES.tooLarge);
      }
      throw error;
    }
    if (!bytes || bytes.length === 0) {
      throw fieldError({ profile_image: [PROFILE_IMAGE_MESSAGES.missing] });
    }
    const image = sniffImage(bytes);
    if (!image) throw fieldError({ profile_image: [PROFILE_IMAGE_MESSAGES.notImage] });

    // Decoded and re-encoded at avatar size: a disguised file is refused, and the photo's
    // metadata (EXIF GPS and the like) is not published with the profile.
    const encoded = await reencodeImage(bytes, image.extension, PROFILE_IMAGE_MAX_PX);
    if (!encoded) throw fieldError({ profile_image: [PROFILE_IMAGE_MESSAGES.notImage] });

    const previous = accountOf(request).profileImage;
    await ctx.storageQuota.assertRoom(accountOf(request).id, encoded.data.length);
    const url = await ctx.media.save('profile-images', image.extension, encoded.data);
    const user = await saveChanges(request, { profileImage: url });
    await ctx.media
      .remove(previous)
      .catch((error) => request.log.warn({ err: error }, 'old profile image not removed'));
    return user;
  });
};

/** The bytes of the `profile_image` file part; other parts are read and dropped. */
async function readProfileImagePart(request: FastifyRequest): Promise<Buffer | undefined> {
  let bytes: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname === 'profile_image' && !bytes) bytes = await part.toBuffer();
    else await part.toBuffer();
  }
  return bytes;
}
