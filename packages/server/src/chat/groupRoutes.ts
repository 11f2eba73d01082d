import { CHAT_PATHS, type GroupSummary, groupRoomName, parseRoomName } from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PROFILE_IMAGE_MAX_PX, PROFILE_IMAGE_MESSAGES } from '../accounts/settingsRoutes.js';
import { toUserSummary } from '../accounts/userViews.js';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { notConnectedAmong } from '../connections/consent.js';
import { uniqueViolationConstraint } from '../db/errors.js';
import type { GroupRow, MessageRow } from '../db/schema.js';
import { FieldCollector } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { reencodeImage } from '../media/imageEncoding.js';
import { sniffImage } from '../media/imageSniffing.js';
import type {
  MessagesRepository,
  RoomsRepository,
  UploadsRepository,
} from '../plugins/app/index.js';
import { hideBlockedPreviews } from './blockedInGroups.js';
import { withChatListCounts } from './chatListCounts.js';
import { lastMessagePreview } from './chatListRoutes.js';
import { recordGroupEvent } from './groupEvents.js';
import { lastMessageInfos } from './lastMessageInfo.js';

export const GROUP_NAME_MAX = 100;
export const GROUP_MEMBERS_MAX = 100;
export const GROUP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const GROUP_MESSAGES = {
  duplicate: 'A group with this name already exists.',
  reservedName: 'This name is reserved for private chats.',
  notInteger: 'A valid integer is required.',
  unknownUser: (id: string) => `Invalid pk "${id}" - object does not exist.`,
  tooManyUsers: `Ensure this field has no more than ${GROUP_MEMBERS_MAX} elements.`,
  imageTooLarge: 'The group image must not be larger than 5 MiB.',
  notConnected: 'You can only add people you are connected with.',
} as const;

interface GroupForm {
  name?: string;
  userIds: string[];
  image?: Buffer;
}

async function readGroupForm(request: FastifyRequest): Promise<GroupForm> {
  const form: GroupForm = { userIds: [] };
  const parts = request.parts({
    limits: {
      fileSize: GROUP_IMAGE_MAX_BYTES,
      files: 1,
      fields: GROUP_MEMBERS_MAX + 5,
      parts: GROUP_MEMBERS_MAX + 6,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image' && !form.image) form.image = bytes;
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname === 'name' && form.name === undefined) form.name = value;
      else if (part.fieldname === 'user_ids') form.userIds.push(value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw detailError(413, GROUP_MESSAGES.imageTooLarge);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw fieldError({ user_ids: [GROUP_MESSAGES.tooManyUsers] });
    }
    throw error;
  }
  return form;
}

/** Groups by id with their members, newest activity first. */
async function groupSummaries(
  rooms: RoomsRepository,
  messages: MessagesRepository,
  uploads: Pick<UploadsRepository, 'byNames'>,
  rows: GroupRow[],
  /** Whose list it is: a message they deleted for themselves is not its preview. */
  readerId?: number,
): Promise<GroupSummary[]> {
  if (rows.length === 0) return [];
  const members = await rooms.groupMembers(rows.map((g) => g.id));
  const latest = await messages.latestIn(
    rows.map((g) => g.slug),
    readerId,
  );
  const lastByRoom = new Map<string, MessageRow>(latest.map((m) => [m.room, m]));
  const infos = await lastMessageInfos(uploads, latest);

  const activity = (group: GroupRow) =>
    (lastByRoom.get(group.slug)?.createdAt ?? group.createdAt).getTime();
  return [...rows]
    .sort((a, b) => activity(b) - activity(a) || b.id - a.id)
    .map((group) => {
      const newest = lastByRoom.get(group.slug);
      // A group whose only row is its record of being created has no messages yet as the spec
      // counts them (last_message null); last_message_info still lets Parley's list say so.
      const last = newest?.groupEvent?.event === 'created' ? undefined : newest;
      const own = members.filter((m) => m.groupId === group.id).map((m) => toUserSummary(m.user));
      return {
        id: group.id,
        name: group.name,
        room_name: group.slug,
        image: group.image,
        last_message: last ? lastMessagePreview(last) : null,
        last_message_time: last ? last.createdAt.toISOString() : null,
        ...(newest && infos.has(newest.id) ? { last_message_info: infos.get(newest.id) } : {}),
        user_ids: own.map((m) => m.id),
        members: own,
      };
    });
}

export const groupRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const auth = { preHandler: requireUser(ctx) };
  const { roomsRepository: rooms, messagesRepository: messages, usersRepository: users } = app;

  app.get(CHAT_PATHS.groups, auth, async (request) => {
    const me = accountOf(request).id;
    // Issue 29: a blocked person's last message stays collapsed in the list.
    const summaries = await hideBlockedPreviews(
      app.connectionsRepository,
      me,
      await groupSummaries(rooms, messages, app.uploadsRepository, await rooms.groupsOf(me), me),
    );
    // Parley extension (issue 25): unread counts and mutes for the whole list at once.
    return withChatListCounts(
      { unread: app.unreadCountsRepository, mutes: app.chatMutesRepository },
      me,
      summaries,
      (group) => group.room_name,
    );
  });

  app.post(CHAT_PATHS.createGroup, auth, async (request, reply) => {
    if (!request.isMultipart()) throw detailError(415, 'Expected a multipart/form-data body.');
    const creator = accountOf(request);
    const form = await readGroupForm(request);

    const fields = new FieldCollector();
    const name = fields.string({ name: form.name }, 'name', { maxLength: GROUP_NAME_MAX });
    const slug = name === undefined ? undefined : groupRoomName(name);
    if (slug !== undefined && parseRoomName(slug)?.kind !== 'group') {
      fields.add('name', GROUP_MESSAGES.reservedName);
    }

    const memberIds = new Set<number>([creator.id]);
    if (form.userIds.length > GROUP_MEMBERS_MAX)
      fields.add('user_ids', GROUP_MESSAGES.tooManyUsers);
    const requested: number[] = [];
    for (const text of form.userIds) {
      const trimmed = text.trim();
      if (!/^\d{1,10}$/.test(trimmed) || Number(trimmed) > 2_147_483_647) {
        if (!fields.has('user_ids')) fields.add('user_ids', GROUP_MESSAGES.notInteger);
        continue;
      }
      requested.push(Number(trimmed));
    }
    if (requested.length > 0 && !fields.has('user_ids')) {
      const found = await users.byIds(requested);
      const known = new Set(found.map((u) => u.id));
      const missing = requested.find((id) => !known.has(id));
      if (missing !== undefined)
        fields.add('user_ids', GROUP_MESSAGES.unknownUser(String(missing)));
      // Consent: only the creator's accepted connections can be enrolled (spec's checklist).
      else if (await notConnectedAmong(app.connectionsRepository, creator.id, requested)) {
        fields.add('user_ids', GROUP_MESSAGES.notConnected);
      }
      for (const id of requested) memberIds.add(id);
    }

    const image = form.image && form.image.length > 0 ? sniffImage(form.image) : null;
    // Decoded and re-encoded like a profile image: no disguised files, no EXIF GPS.
    const encoded =
      image && form.image
        ? await reencodeImage(form.image, image.extension, PROFILE_IMAGE_MAX_PX)
        : null;
    if (form.image && form.image.length > 0 && !encoded) {
      fields.add('image', PROFILE_IMAGE_MESSAGES.notImage);
    }
    if (slug !== undefined && !fields.has('name')) {
      if (await rooms.slugTaken(slug)) fields.add('name', GROUP_MESSAGES.duplicate);
    }
    fields.throwIfAny();
    if (name === undefined || slug === undefined) throw new Error('group validated without name');

    const imageUrl =
      image && encoded ? await ctx.media.save('group-images', image.extension, encoded.data) : null;
    let group: GroupRow;
    try {
      group = await rooms.createGroup({
        name,
        slug,
        image: imageUrl,
        creatorId: creator.id,
        memberIds: [...memberIds],
      });
    } catch (error) {
      await ctx.media.remove(imageUrl).catch(() => undefined);
      // Two creators racing for one name: the unique index decides.
      if (uniqueViolationConstraint(error) === 'groups_slug_key') {
        throw fieldError({ name: [GROUP_MESSAGES.duplicate] });
      }
      throw error;
    }
    // The group's first row says who created it (a system row in Parley's clients).
    const actor = await users.sender(creator.id);
    if (actor) {
      await recordGroupEvent(messages, actor, group.slug, {
        event: 'created',
        actor_id: actor.id,
        actor_username: actor.username,
        members: [],
        group_name: group.name,
      });
    }
    const [summary] = await groupSummaries(rooms, messages, app.uploadsRepository, [group]);
    return reply.code(201).send(summary);
  });
};
