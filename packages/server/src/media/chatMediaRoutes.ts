import {
  languageCodeForName,
  MEDIA_LIMITS,
  MEDIA_PATHS,
  privateRoomName,
  type SpeechResponse as SpeechAnswer,
  type UploadFileResponse,
  type UploadVoiceResponse,
  type VoiceLimitReachedBody,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { userForToken } from '../auth/tokenUser.js';
import type { ChatFanout } from '../chat/chatFanout.js';
import { loadMessageFor } from '../chat/messageTranslation.js';
import type { UserRow } from '../db/schema.js';
import { detailError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import { parseId } from '../http/queryParams.js';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';
import type { RoomAccess } from '../plugins/app/index.js';
import {
  subscriptionRequired,
  type TranslationAllowance,
  VOICE_LIMIT_DETAIL,
} from '../usage/index.js';
import { type ChatFileStore, type FileUrlSigner, fileUrlPath } from './chatFiles.js';
import { cleanFileName, type SniffedChatFile, sniffAudio, sniffChatFile } from './chatFileTypes.js';
import { imageThumbnail, reencodeImage } from './imageEncoding.js';
import type { SniffedImage } from './imageSniffing.js';
import { SharedSpeechAnswers } from './speech/sharedSpeechAnswers.js';
import { sendStoredObject } from './store/storedObjectResponse.js';
import { SPEECH_ANSWER_MAX_AGE_MS } from './uploadSweep.js';
import {
  storeSpeech,
  synthesizeSpeech,
  transcribeVoice,
  transcriptOrMarker,
  type VoiceServices,
} from './voicePipeline.js';

export const MEDIA_MESSAGES = {
  noFile: SERVER_MESSAGE_SOURCE.media.noFile,
  empty: SERVER_MESSAGE_SOURCE.media.empty,
  tooLarge: (kind: string, bytes: number) =>
    `This ${kind} file is too large (at most ${Math.round(bytes / (1024 * 1024))} MiB).`,
  notAudio: SERVER_MESSAGE_SOURCE.media.notAudio,
  voiceTooLong: `A voice note may be at most ${MEDIA_LIMITS.voiceMaxSeconds} seconds long.`,
  badImage: SERVER_MESSAGE_SOURCE.media.badImage,
  notSender: SERVER_MESSAGE_SOURCE.media.notSender,
  noRoom: SERVER_MESSAGE_SOURCE.media.noRoom,
  notAMember: 'You are not a member of this room.',
  voiceLimit: VOICE_LIMIT_DETAIL,
  notFound: 'Not found.',
  forbidden: 'Authentication credentials were not provided.',
} as const;

const KIND_LIMITS: Record<SniffedChatFile['kind'], number> = {
  image: MEDIA_LIMITS.imageMaxBytes,
  video: MEDIA_LIMITS.videoMaxBytes,
  audio: MEDIA_LIMITS.audioMaxBytes,
  application: MEDIA_LIMITS.applicationMaxBytes,
};
const MAX_UPLOAD_BYTES = Math.max(...Object.values(KIND_LIMITS));

const unreadBody = new WeakSet<FastifyRequest>();

interface UploadForm {
  bytes: Buffer | null;
  fileName: string | undefined;
  fields: Map<string, string>;
}

async function readUpload(request: FastifyRequest, fileField: string, maxBytes: number) {
  const form: UploadForm = { bytes: null, fileName: undefined, fields: new Map() };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField && form.bytes === null) {
          form.bytes = bytes;
          form.fileName = part.filename;
        }
        continue;
      }
      if (!form.fields.has(part.fieldname)) form.fields.set(part.fieldname, String(part.value));
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      // The rest of the body is not read: the connection closes after the answer (onResponse
      // below), so a client still sending cannot hold it, or a server shutdown, open.
      unreadBody.add(request);
      throw detailError(
        413,
        MEDIA_MESSAGES.tooLarge(fileField === 'audio' ? 'voice' : 'upload', maxBytes),
        { Connection: 'close' },
      );
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw detailError(400, MEDIA_MESSAGES.noFile);
    if (code?.startsWith('FST_')) throw detailError(400, MEDIA_MESSAGES.noFile);
    throw error;
  }
  return form;
}

export interface ChatMediaRoutesOptions {
  ctx: AppContext;
  files: ChatFileStore;
  signer: FileUrlSigner;
  voice: VoiceServices;
  allowance: TranslationAllowance;
  fanout: ChatFanout;
}

/**
 * POST /chatmessage/upload-file/, POST /chatmessage/upload-chat-voice/ and
 * GET /chatmessage/files/:name (docs/protocol.md, Media and voice).
 */
export const chatMediaRoutes: FastifyPluginAsync<ChatMediaRoutesOptions> = async (app, options) => {
  const { ctx, files, signer, voice, allowance, fanout } = options;
  const auth = { preHandler: requireUser(ctx) };
  const uploadLimited = (name: string, max: number) => ({
    ...auth,
    config: { rateLimit: perUserLimit(name, max) },
  });
  app.addHook('onResponse', async (request) => {
    if (unreadBody.has(request)) request.raw.socket?.destroy();
  });

  /** The room an upload is for, checked: the sender must be a member. */
  async function uploadRoom(user: UserRow, fields: Map<string, string>): Promise<RoomAccess> {
    const senderText = fields.get('sender_id');
    if (senderText !== undefined && parseId(senderText) !== user.id) {
      throw detailError(403, MEDIA_MESSAGES.notSender);
    }
    const roomName = fields.get('room_name')?.trim().slice(0, 200);
    const receiver = parseId(fields.get('receiver_id'));
    const name =
      roomName ||
      (receiver !== null && receiver !== user.id ? privateRoomName(receiver, user.id) : null);
    if (!name) throw detailError(400, MEDIA_MESSAGES.noRoom);
    const room = await app.roomsRepository.access(user.id, name);
    if (!room) throw detailError(403, MEDIA_MESSAGES.notAMember);
    return room;
  }

  // Per person and minute: far above what a person sends, low enough that a script cannot fill
  // the disk or keep the engines busy for everyone else (429 {detail}).
  app.post(MEDIA_PATHS.uploadFile, uploadLimited('upload-file', 60), async (request, reply) => {
    const user = accountOf(request);
    const form = await readUpload(request, 'file', MAX_UPLOAD_BYTES);
    const room = await uploadRoom(user, form.fields);
    if (!form.bytes) throw detailError(400, MEDIA_MESSAGES.noFile);
    if (form.bytes.length === 0) throw detailError(400, MEDIA_MESSAGES.empty);
    let sniffed = sniffChatFile(form.bytes);
    // A "video" whose first frame does not decode is only a file: it goes out as a download,
    // never to a player (where this server has a decoder to ask).
    if (
      sniffed.kind === 'video' &&
      (await voice.engines.codec.decodesVideo(form.bytes)) === false
    ) {
      sniffed = { kind: 'application', mime: 'application/octet-stream', extension: 'bin' };
    }
    const limit = KIND_LIMITS[sniffed.kind];
    if (form.bytes.length > limit)
      throw detailError(413, MEDIA_MESSAGES.tooLarge(sniffed.kind, limit));
    await ctx.storageQuota.assertRoom(user.id, form.bytes.length);
    const fileName = cleanFileName(form.fileName, `file.${sniffed.extension}`);
    const base = { ownerId: user.id, room: room.canonical, originalName: fileName };

    let answer: UploadFileResponse;
    if (sniffed.kind === 'image') {
      // Decoded and re-encoded: a file that only carries an image signature is refused, and
      // metadata (EXIF GPS position and the like) does not survive.
      const type = sniffed.extension as SniffedImage['extension'];
      const image = await reencodeImage(form.bytes, type, MEDIA_LIMITS.imageMaxPx);
      const thumb = image && (await imageThumbnail(form.bytes, MEDIA_LIMITS.thumbnailMaxPx));
      if (!image || !thumb) throw detailError(400, MEDIA_MESSAGES.badImage);
      const thumbnail = await files.save({
        ...base,
        kind: 'thumbnail',
        mime: 'image/webp',
        extension: 'webp',
        bytes: thumb,
        originalName: `thumbnail-${fileName}`,
      });
      const row = await files.save({
        ...base,
        kind: 'image',
        mime: sniffed.mime,
        extension: sniffed.extension,
        bytes: image.data,
        width: image.width,
        height: image.height,
        thumbnailName: thumbnail.storedName,
      });
      answer = {
        file_url: signer.sign(fileUrlPath(row.storedName)) as string,
        file_name: fileName,
        file_type: 'image',
        mime_type: row.mime,
        file_size: row.size,
        thumbnail_url: signer.sign(fileUrlPath(thumbnail.storedName)),
        width: row.width,
        height: row.height,
      };
    } else {
      const row = await files.save({
        ...base,
        kind: sniffed.kind,
        mime: sniffed.mime,
        extension: sniffed.extension,
        bytes: form.bytes,
      });
      answer = {
        file_url: signer.sign(fileUrlPath(row.storedName)) as string,
        file_name: fileName,
        file_type: sniffed.kind,
        mime_type: row.mime,
        file_size: row.size,
        thumbnail_url: null,
      };
    }
    return reply.code(201).send(answer);
  });

  app.post(MEDIA_PATHS.uploadVoice, uploadLimited('upload-voice', 30), async (request, reply) => {
    const user = accountOf(request);
    const form = await readUpload(request, 'audio', MEDIA_LIMITS.voiceMaxBytes);
    const room = await uploadRoom(user, form.fields);
    if (!form.bytes) throw detailError(400, MEDIA_MESSAGES.noFile);
    if (form.bytes.length === 0) throw detailError(400, MEDIA_MESSAGES.empty);
    const sniffed = sniffAudio(form.bytes);
    if (!sniffed) throw detailError(400, MEDIA_MESSAGES.notAudio);
    await ctx.storageQuota.assertRoom(user.id, form.bytes.length);
    const language = languageCodeForName(user.language) ?? null;

    // Spec §9: a Free sender gets one voice translation a day; a note to same-language readers
    // needs none and is never counted.
    const members = await app.usersRepository.deliveryMembers(room.memberIds);
    const needsTranslation = members.some(
      (member) => member.id !== user.id && languageCodeForName(member.language) !== language,
    );
    const taken = needsTranslation ? await allowance.takeVoice(user) : null;
    if (taken?.kind === 'over') {
      fanout.publish({
        recipients: [user.id],
        room: room.canonical,
        frame: subscriptionRequired(MEDIA_MESSAGES.voiceLimit),
      });
      const body: VoiceLimitReachedBody = {
        voice_limit_reached: true,
        error: 'voice_limit_reached',
        detail: MEDIA_MESSAGES.voiceLimit,
      };
      return reply.code(403).send(body);
    }
    const refund = taken?.kind === 'counted' ? taken.refund : null;

    try {
      const transcript = await transcribeVoice(voice.engines, form.bytes, language, request.log);
      if (
        transcript.durationMs !== null &&
        transcript.durationMs > MEDIA_LIMITS.voiceMaxSeconds * 1000
      ) {
        throw detailError(413, MEDIA_MESSAGES.voiceTooLong);
      }
      const fileName = cleanFileName(form.fileName, `voice.${sniffed.extension}`);
      const row = await files.save({
        ownerId: user.id,
        room: room.canonical,
        kind: 'voice',
        mime: sniffed.mime,
        extension: sniffed.extension,
        bytes: form.bytes,
        originalName: fileName,
        durationMs: transcript.durationMs,
        transcript: transcript.text,
        transcriptStatus: transcript.status,
        transcriptLanguage: language,
      });
      // Nothing to translate after all: the day's unit goes back.
      if (refund && transcript.status !== 'ok') await refund();
      const answer: UploadVoiceResponse = {
        transcript: transcriptOrMarker(transcript.text),
        audio_url: signer.sign(fileUrlPath(row.storedName)) as string,
        file_name: fileName,
        transcript_status: transcript.status,
        transcript_language: language,
        duration_ms: transcript.durationMs,
        mime_type: row.mime,
      };
      return reply.code(201).send(answer);
    } catch (error) {
      if (refund) await refund().catch(() => undefined);
      throw error;
    }
  });

  // Voice output (spec §2 voice_output_enabled): speech of a text message in the reader's
  // language, made once per message and language and kept for a while for every instance (issue
  // 28). No row names these files, so the upload sweep deletes them after UPLOAD_GRACE_MS: an
  // answer is handed out again only while its files will outlive the newly signed links.
  const spoken = new SharedSpeechAnswers(app.speechAnswersRepository, SPEECH_ANSWER_MAX_AGE_MS);
  app.get<{ Querystring: Record<string, string | undefined> }>(
    MEDIA_PATHS.speech,
    uploadLimited('speech', 120),
    async (request) => {
      const reader = accountOf(request);
      const id = parseId(request.query.message_id);
      if (id === null) throw detailError(400, 'message_id must be a message id.');
      const message = await app.messagesRepository.byId(id);
      if (!message || !(await app.roomsRepository.access(reader.id, message.room_name))) {
        throw detailError(404, MEDIA_MESSAGES.notFound);
      }
      const language = languageCodeForName(reader.language) ?? message.original_language ?? 'en';
      const answer = spoken.answer(id, language, () =>
        speakMessage(id, message.sender_id, message.room_name, language),
      );
      const result = await answer;
      return {
        ...result,
        synth_audio_url: signer.sign(result.synth_audio_url),
        synth_audio_url_mp4: signer.sign(result.synth_audio_url_mp4),
      };
    },
  );

  async function speakMessage(
    id: number,
    senderId: number,
    room: string,
    language: string,
  ): Promise<SpeechAnswer> {
    const localized = await loadMessageFor(app.messagesRepository, id, language);
    const text = (localized?.message ?? '').trim();
    const none: SpeechAnswer = {
      language,
      text,
      synth_audio_url: null,
      synth_audio_url_mp4: null,
      synth_status: 'unavailable',
    };
    if (text === '' || !voice.engines.synthesizer.serves(language)) return none;
    try {
      const speech = await synthesizeSpeech(voice.engines, text, language);
      const urls = await storeSpeech(files, { ownerId: senderId, room }, speech, language);
      return {
        ...none,
        synth_audio_url: urls.webm,
        synth_audio_url_mp4: urls.mp4,
        synth_status: 'ok',
      };
    } catch (error) {
      voice.log.warn({ err: error, language }, 'speech of a message failed');
      return { ...none, synth_status: 'failed' };
    }
  }

  /** Who is asking for a file: a bearer token's user, else a valid signature (member by link). */
  async function fileAccess(
    request: FastifyRequest<{
      Params: { name: string };
      Querystring: Record<string, string | undefined>;
    }>,
  ) {
    const name = request.params.name;
    const row = files.key(name) ? await files.byName(name) : null;
    const header = request.headers.authorization;
    if (header) {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
      const user = token
        ? await userForToken(ctx.accessTokens, app.sessionsRepository, token)
        : null;
      if (!user) throw detailError(403, MEDIA_MESSAGES.forbidden);
      if (!row || !(await app.roomsRepository.access(user.id, row.room))) {
        throw detailError(404, MEDIA_MESSAGES.notFound);
      }
      return row;
    }
    const { e, s } = request.query;
    if (!e && !s) throw detailError(403, MEDIA_MESSAGES.forbidden);
    if (!row || !signer.verify(name, e, s)) throw detailError(404, MEDIA_MESSAGES.notFound);
    return row;
  }

  app.get<{ Params: { name: string }; Querystring: Record<string, string | undefined> }>(
    `${MEDIA_PATHS.filesPrefix}:name`,
    async (request, reply) => {
      const row = await fileAccess(request);
      const key = files.key(row.storedName);
      const headers = fileHeaders(row.mime, row.originalName);
      if (!key || !(await sendStoredObject(request, reply, files.objects, key, headers))) {
        throw detailError(404, MEDIA_MESSAGES.notFound);
      }
      return reply;
    },
  );
};

const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|audio\/|video\/)/;

/** A stored file's headers: nosniff and a sandboxing CSP, inline only for media a page shows. */
function fileHeaders(mime: string, originalName: string): Record<string, string> {
  const inline = INLINE_TYPES.test(mime);
  const asciiName = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return {
    'Content-Type': mime,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(originalName)}`,
    // Private: only room members may read it; names never change, so the bytes never do.
    'Cache-Control': 'private, max-age=86400, immutable',
  };
}
