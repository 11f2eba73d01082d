import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Kept free of @parley/chat-sdk imports: drizzle-kit loads this file on its own.

/** The card of a link (the sdk's LinkPreview); image_url is a /media/link-previews/ path. */
export interface StoredLinkPreview {
  url: string;
  title: string | null;
  description: string | null;
  image_url: string | null;
  site_name: string | null;
}

/** A person a message names (the sdk's MessageMention). */
export interface StoredMention {
  user_id: number;
  username: string;
}
/** PostgreSQL's full-text document type; written only by generated columns (message search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A text's search document: stemmed with its language's configuration (message_search_config,
 * migration 0016) and, unstemmed, with 'simple', so a word typed exactly as written matches in
 * any language; each also with its accents folded (migration 0021, src/chat/search/searchFolding.ts).
 * The SQL function is immutable, as a generated column needs.
 */
const searchDocument = (language: string, body: string) =>
  sql.raw(`message_search_vector(${language}, ${body})`);

/** A message's document: its text, and the name of its file split into words (migration 0021). */
const messageSearchDocument = sql.raw(
  'message_search_vector(original_language, original_message) || message_search_file_vector(file_name)',
);

/**
 * The search indexes' pending list, in kB: PostgreSQL's least. A GIN index gathers new entries in
 * a pending list and merges them into the index when it passes this size, in the statement that
 * passed it; at the default 4 MB that merge held the embedded database's only thread for
 * 108–153 ms every ~9,800 messages (and as often for their translations), stalling every send
 * behind it. At 64 kB it happens every few statements and takes a few ms, for the same total
 * cost, and searches scan a shorter list (migration 0031, docs/performance.md "Fan-out, round nine").
 */
const SEARCH_PENDING_LIST_KB = 64;

/** A search document's GIN index (messages, translations, uploads' names, voice transcripts). */
const searchIndex = (name: string, document: AnyPgColumn) =>
  index(name).using('gin', document).with({ gin_pending_list_limit: SEARCH_PENDING_LIST_KB });

/** A message's record of a call; the same shape as the sdk's CallEvent (docs/protocol.md). */
export interface StoredCallEvent {
  event: 'started' | 'ended';
  call_type: 'audio' | 'video';
  duration_seconds?: number;
  reason?: string;
}

/** A group's record of its own event; the same shape as the sdk's GroupEvent (socket-protocol.md). */
export interface StoredGroupEvent {
  event: 'created' | 'member_added' | 'member_removed' | 'left';
  actor_id: number;
  actor_username: string;
  members: { id: number; username: string }[];
  group_name?: string;
}

/**
 * One row per account. Columns mirror CurrentUser of docs/protocol.md; relations (connections,
 * chats, organisations) reference `users.id` from their own tables rather than growing list
 * columns here.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    gender: text('gender').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImage: text('profile_image'),
    language: text('language').notNull(),
    profileInfo: text('profile_info').notNull().default(''),
    chatTheme: text('chat_theme').notNull().default('default'),
    muteSounds: boolean('mute_sounds').notNull().default(false),
    voiceOutputEnabled: boolean('voice_output_enabled').notNull().default(true),
    /** Apply the first spelling suggestion of each flagged word on send (off: sent as typed). */
    autoCorrect: boolean('auto_correct').notNull().default(false),
    /** Link preview cards: attached to one's messages and shown (off: plain links, issue 25). */
    linkPreviews: boolean('link_previews').notNull().default(true),
    /** Parley extension (issue 25): off, the person's reads are not told to others and they see
     * nobody's (as WhatsApp does). */
    readReceipts: boolean('read_receipts').notNull().default(true),
    /** Parley extension (issue 27): the interface locale chosen in Settings ('es', 'ar'…); null
     * follows the chat language. Push texts and error details are written in it. */
    interfaceLanguage: text('interface_language'),
    subscriptionActive: boolean('subscription_active').notNull().default(false),
    isOrgAdmin: boolean('is_org_admin').notNull().default(false),
    orgInviteToken: text('org_invite_token'),
    isLifetime: boolean('is_lifetime').notNull().default(false),
    orgMaxUsers: integer('org_max_users'),
    // A counter cache: the connections feature keeps it in step so lists need no aggregate.
    followersCount: integer('followers_count').notNull().default(0),
    // IANA zone name (validated with Intl) that decides the user's day for plan limits; null = UTC.
    timezone: text('timezone'),
    /** Issue 29: an operator of this Parley (reads the audit log, grants roles). */
    staff: boolean('staff').notNull().default(false),
    /** Issue 29: may open the review queue and act on reports. */
    moderator: boolean('moderator').notNull().default(false),
    /**
     * Issue 29: suspended until this moment (sign-in and refresh refused, sockets closed,
     * messages kept); null when not suspended. "Until lifted" is stored as SUSPENDED_FOREVER.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /**
     * Set when the person deleted their account: the row stays as a tombstone (username
     * 'Deleted account', personal fields blanked) so messages they left in other people's
     * conversations still have a sender. Tombstones never sign in and are never looked up by name.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Only live accounts hold their name and address: a deleted account's can be taken again.
    uniqueIndex('users_username_lower_key')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_email_lower_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    // The upload sweep asks whether a stored picture is anyone's profile image.
    index('users_profile_image_idx').on(t.profileImage).where(sql`${t.profileImage} is not null`),
    check('users_gender_check', sql`${t.gender} in ('MALE', 'FEMALE', 'OTHER')`),
    check('users_chat_theme_check', sql`${t.chatTheme} in ('default', 'light', 'blue')`),
    check('users_followers_count_check', sql`${t.followersCount} >= 0`),
  ],
);

/**
 * Refresh tokens are opaque; only their SHA-256 is stored. Tokens issued by rotation share the
 * family of the sign-in that started them, so reuse of any used token can revoke the whole chain.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * Chat messages of private rooms and groups, keyed by the canonical room name
 * (`private-{min}-{max}` or a group's slug). `client_id` makes a resend idempotent per sender.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    room: text('room').notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The text as readers get it; equal to original_message until translation lands.
    message: text('message').notNull(),
    originalMessage: text('original_message').notNull(),
    originalLanguage: text('original_language'),
    fileType: text('file_type').notNull().default('text'),
    fileUrl: text('file_url'),
    fileName: text('file_name'),
    audioUrl: text('audio_url'),
    transcript: text('transcript'),
    clientId: text('client_id'),
    // Sent over the sender's free daily translation limit: delivered and kept untranslated.
    translationLimited: boolean('translation_limited').notNull().default(false),
    // Set on the conversation's record of a call (start, end and duration, missed): CallEvent.
    callEvent: jsonb('call_event').$type<StoredCallEvent>(),
    // The card of the message's first link, copied from link_previews when it was delivered.
    linkPreview: jsonb('link_preview').$type<StoredLinkPreview>(),
    // Group members the text names with @username (validated members at send time).
    mentions: jsonb('mentions').$type<StoredMention[]>(),
    // Set on a group's record of its own event (created, member added/removed, left): GroupEvent.
    groupEvent: jsonb('group_event').$type<StoredGroupEvent>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Message actions (issue 25): the message this one quotes (same room), when its sender last
    // edited it, and when its sender deleted it for everyone (the row stays, emptied).
    replyToId: integer('reply_to_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Message search (src/chat/search): the original text's and the file name's document.
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(messageSearchDocument),
  },
  (t) => [
    uniqueIndex('messages_sender_client_id_key').on(t.senderId, t.clientId),
    searchIndex('messages_search_vector_idx', t.searchVector),
    index('messages_room_id_idx').on(t.room, t.id),
    // The upload sweep asks, per upload, whether any message names it.
    index('messages_file_url_idx').on(t.fileUrl).where(sql`${t.fileUrl} is not null`),
    index('messages_audio_url_idx').on(t.audioUrl).where(sql`${t.audioUrl} is not null`),
    // The link preview image sweep asks, per stored image, whether a message's card shows it.
    index('messages_link_preview_image_idx')
      .on(sql`(${t.linkPreview} ->> 'image_url')`)
      .where(sql`${t.linkPreview} is not null`),
    check(
      'messages_file_type_check',
      sql`${t.fileType} in ('text', 'image', 'video', 'application', 'audio')`,
    ),
  ],
);

/** A named group chat; its room is `slug` (groupRoomName of the name), unique across groups. */
export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_slug_key').on(t.slug),
    index('groups_image_idx').on(t.image).where(sql`${t.image} is not null`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_id_idx').on(t.userId),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/** Messages a person deleted for themselves only (issue 25): hidden from their history. */
export const hiddenMessages = pgTable(
  'hidden_messages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);
export type GroupRow = typeof groups.$inferSelect;

/**
 * A message's text in one reader language, made once at send time (or on demand when a history
 * reader needs it). `failed` rows hold the original text and are retried by history reads.
 */
export const messageTranslations = pgTable(
  'message_translations',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    text: text('text').notNull(),
    engine: text('engine'),
    failed: boolean('failed').notNull().default(false),
    /** Issue 26: words the engine marked as not known (Apertium's `*word`), left as written. */
    unknownWords: text('unknown_words').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Message search: the reader-language text's document.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(searchDocument('language', 'text')),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.language] }),
    searchIndex('message_translations_search_vector_idx', t.searchVector),
  ],
);

/** Per-user daily counters of metered features (plan limits), in the user's own day. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.kind] }),
    check('usage_counters_count_check', sql`${t.count} >= 0`),
  ],
);

/**
 * What each translation engine did per UTC day (issue 26): operators pay hosted engines per
 * character, and `<ENGINE>_DAILY_CHAR_CAP` is checked against `characters`.
 */
export const translationUsage = pgTable(
  'translation_usage',
  {
    engine: text('engine').notNull(),
    day: date('day').notNull(),
    characters: bigint('characters', { mode: 'number' }).notNull().default(0),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.engine, t.day] })],
);

export type MessageTranslationRow = typeof messageTranslations.$inferSelect;

/**
 * A connection between two users (spec §4): `from_user` asked `to_user`; pending until the receiver
 * accepts. One row per pair whichever way it was asked: the unique index on the ordered pair makes
 * a duplicate (or two requests racing, either way round) impossible, not merely unlikely.
 */
export const connections = pgTable(
  'connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('connections_pair_key').on(
      sql`least(${t.fromUserId}, ${t.toUserId})`,
      sql`greatest(${t.fromUserId}, ${t.toUserId})`,
    ),
    index('connections_to_user_status_idx').on(t.toUserId, t.status),
    index('connections_from_user_status_idx').on(t.fromUserId, t.status),
    check('connections_not_self_check', sql`${t.fromUserId} <> ${t.toUserId}`),
    check('connections_status_check', sql`${t.status} in ('pending', 'accepted')`),
  ],
);

export type ConnectionRow = typeof connections.$inferSelect;

/** `blocker` no longer hears from `blocked`: no messages, requests, group invitations or posts. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_id_idx').on(t.blockedId),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A report for review: who, why, and the reported message's text as it was when reported. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedUserId: integer('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    messageText: text('message_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 29: when a moderator's action closed the report (null: open, in the queue). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Issue 29: the audit row of the action that closed it. */
    resolvedByActionId: integer('resolved_by_action_id'),
    /** Issue 29: the post reported (its caption is kept in message_text); null for others. */
    postId: integer('post_id').references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reports_reported_user_id_idx').on(t.reportedUserId),
    index('reports_post_id_idx').on(t.postId).where(sql`${t.postId} is not null`),
  ],
);

/** Post categories (spec §3, Category); a default set is seeded by the migration. */
export const postCategories = pgTable(
  'post_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('post_categories_name_key').on(t.name)],
);

/** A post (spec §3): text, or an image or video whose type was decided by its bytes. */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    contentUrl: text('content_url'),
    /** Bytes of the post's image or video on disk (counted against the author's storage quota). */
    mediaSize: integer('media_size'),
    caption: text('caption').notNull().default(''),
    // ISO 639-1 code the caption is written in (detected against the author's language).
    captionLanguage: text('caption_language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_author_id_idx').on(t.authorId, t.id),
    index('posts_content_url_idx').on(t.contentUrl).where(sql`${t.contentUrl} is not null`),
    check('posts_content_type_check', sql`${t.contentType} in ('image', 'video', 'text')`),
  ],
);

export const postCategoryLinks = pgTable(
  'post_category_links',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => postCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.categoryId] }),
    index('post_category_links_category_id_idx').on(t.categoryId),
  ],
);

/** A caption in one reader language, made once (on first read) and kept; like message_translations. */
export const postCaptionTranslations = pgTable(
  'post_caption_translations',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    text: text('text').notNull(),
    engine: text('engine'),
    failed: boolean('failed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.language] })],
);

export type PostRow = typeof posts.$inferSelect;

/**
 * A paid plan bought through a payment provider. A row is written `pending` when checkout starts
 * (the plan and seats are decided here, never by what an event claims) and only a verified
 * provider event moves it on. The plan flags on `users` are derived from these rows.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    plan: text('plan').notNull(),
    seats: integer('seats').notNull().default(1),
    status: text('status').notNull().default('pending'),
    /** Ours, random: named in the provider's metadata so any event can find its row. */
    reference: text('reference').notNull(),
    checkoutId: text('checkout_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentFailed: boolean('payment_failed').notNull().default(false),
    /** `created` of the newest provider event applied, so an older one arriving late is ignored. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_reference_key').on(t.reference),
    uniqueIndex('subscriptions_provider_checkout_key').on(t.provider, t.checkoutId),
    uniqueIndex('subscriptions_provider_subscription_key').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_id_idx').on(t.userId),
    check('subscriptions_plan_check', sql`${t.plan} in ('personal', 'organization', 'lifetime')`),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('pending', 'active', 'past_due', 'canceled', 'expired')`,
    ),
    check('subscriptions_seats_check', sql`${t.seats} >= 1`),
  ],
);

/** Provider events already applied, keyed by the provider's event id: a replay changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * An organisation: created when its administrator's Organization plan is paid, active while that
 * subscription is. Members (the administrator included) each take one of `max_users` seats.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteToken: text('invite_token').notNull(),
    maxUsers: integer('max_users').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organizations_admin_id_key').on(t.adminId),
    uniqueIndex('organizations_invite_token_key').on(t.inviteToken),
    check('organizations_max_users_check', sql`${t.maxUsers} >= 1`),
  ],
);

/** One organisation per user at most. */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    uniqueIndex('organization_members_user_id_key').on(t.userId),
  ],
);

/**
 * Web Push subscriptions (issue 14): one row per device endpoint, owned by the person who signed
 * in there last; removed when the push service answers 404/410 or the device turns them off.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * A file uploaded to a chat (issue 12): served under `/chatmessage/files/<stored_name>` to
 * members of `room` only. Synthesized speech of voice notes is stored here too (kind `synth`,
 * owner the voice note's sender), so every served file has one row and one access rule.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Canonical room name (`private-{min}-{max}` or a group slug). */
    room: text('room').notNull(),
    /** image, video, audio, application, voice, synth. */
    kind: text('kind').notNull(),
    storedName: text('stored_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    width: integer('width'),
    height: integer('height'),
    thumbnailName: text('thumbnail_name'),
    durationMs: integer('duration_ms'),
    /** Voice notes: the recognised text (null when there is none, see transcript_status). */
    transcript: text('transcript'),
    transcriptStatus: text('transcript_status'),
    transcriptLanguage: text('transcript_language'),
    /** Message search: a voice note's transcript, as recognised, in its language. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(searchDocument('transcript_language', "coalesce(transcript, '')")),
    /**
     * Set by the upload sweep (src/media/uploadSweep.ts) when it found the upload, past its grace
     * period, still named by a message (or derived from one that is): messages are never deleted,
     * so it stays and is not examined again.
     */
    sweepKeptAt: timestamp('sweep_kept_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_uploads_stored_name_key').on(t.storedName),
    index('media_uploads_owner_idx').on(t.ownerId),
    // What the sweep has not settled yet, oldest first.
    index('media_uploads_unswept_idx').on(t.createdAt).where(sql`${t.sweepKeptAt} is null`),
    searchIndex('media_uploads_search_vector_idx', t.searchVector),
    index('media_uploads_thumbnail_name_idx')
      .on(t.thumbnailName)
      .where(sql`${t.thumbnailName} is not null`),
    check('media_uploads_size_check', sql`${t.size} >= 0`),
  ],
);

/** A voice note for readers of one language: translated transcript and synthesized speech. */
export const voiceRenditions = pgTable(
  'voice_renditions',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => mediaUploads.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    transcript: text('transcript'),
    translationFailed: boolean('translation_failed').notNull().default(false),
    /** Stored names (media_uploads rows of kind synth); null when no speech was made. */
    synthWebm: text('synth_webm'),
    synthMp4: text('synth_mp4'),
    /** ok, unavailable, failed, limit. */
    synthStatus: text('synth_status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Message search: the transcript translated for readers of `language`. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(searchDocument('language', "coalesce(transcript, '')")),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.language] }),
    searchIndex('voice_renditions_search_vector_idx', t.searchVector),
    index('voice_renditions_synth_webm_idx').on(t.synthWebm).where(sql`${t.synthWebm} is not null`),
    index('voice_renditions_synth_mp4_idx').on(t.synthMp4).where(sql`${t.synthMp4} is not null`),
  ],
);

export type MediaUploadRow = typeof mediaUploads.$inferSelect;
export type VoiceRenditionRow = typeof voiceRenditions.$inferSelect;

/**
 * Chat events too large for one PostgreSQL NOTIFY payload (under 8000 bytes): the event is kept
 * here and only its id is notified; the other instances read it back. Rows live minutes.
 */
export const fanoutSpill = pgTable(
  'fanout_spill',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fanout_spill_created_idx').on(t.createdAt)],
);

/**
 * A person's Google Drive connection (issue 10): OAuth tokens, encrypted with a key derived from
 * the server's secret, never sent to a client. Deleted on disconnect or when Google withdraws it.
 */
export const driveAccounts = pgTable('drive_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  refreshToken: text('refresh_token').notNull(),
  accessToken: text('access_token'),
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
  /** The Drive folder backups go into; created on the first backup. */
  folderId: text('folder_id'),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  lastBackupAt: timestamp('last_backup_at', { withTimezone: true }),
});

/** An authorization under way: the PKCE verifier for one `state`, for ten minutes. */
export const driveOauthStates = pgTable(
  'drive_oauth_states',
  {
    state: text('state').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drive_oauth_states_created_idx').on(t.createdAt)],
);

/** A shared file already copied to its owner's Drive, so the next backup skips it. */
export const driveBackedUpFiles = pgTable(
  'drive_backed_up_files',
  {
    uploadId: integer('upload_id')
      .primaryKey()
      .references(() => mediaUploads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    driveFileId: text('drive_file_id').notNull(),
    backedUpAt: timestamp('backed_up_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drive_backed_up_files_user_idx').on(t.userId)],
);

export type DriveAccountRow = typeof driveAccounts.$inferSelect;

/**
 * Rate limits shared by every server instance (src/limits/): one fixed-window counter per
 * (kind, subject), e.g. ('sign-up-ip', '203.0.113.7') or ('frames', '42'). A window that has
 * ended is restarted by the next hit; rows past their end are deleted by the store's sweep.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subject] }),
    index('rate_limits_reset_at_idx').on(t.resetAt),
  ],
);

/**
 * Fetched link previews, one row per URL (issue 25): a card until `expires_at`, or a failure
 * (`preview` null) kept briefly so a dead link is not fetched for every message naming it.
 */
export const linkPreviews = pgTable(
  'link_previews',
  {
    url: text('url').primaryKey(),
    preview: jsonb('preview').$type<StoredLinkPreview>(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('link_previews_expires_at_idx').on(t.expiresAt),
    // The link preview image sweep asks, per stored image, whether a cached card names it.
    index('link_previews_image_idx').on(sql`(${t.preview} ->> 'image_url')`),
  ],
);

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;

/**
 * Reactions (issue 25): one row per (message, person, emoji); a `react` frame toggles its row.
 * Removed with the message or the person.
 */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId, t.emoji] }),
    index('message_reactions_user_id_idx').on(t.userId),
  ],
);

/**
 * How far each member of a room has received and read it (issue 25): message ids only grow.
 * `delivered_up_to` advances when a message reaches one of the person's sockets (or their
 * history), `read_up_to` with their `read` frames; a read is also a delivery.
 */
export const roomReceipts = pgTable(
  'room_receipts',
  {
    room: text('room').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredUpTo: integer('delivered_up_to').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readUpTo: integer('read_up_to').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.room, t.userId] }),
    index('room_receipts_user_id_idx').on(t.userId),
  ],
);

export type RoomReceiptRow = typeof roomReceipts.$inferSelect;

/**
 * Chats a person muted (issue 25): no push, chime or desktop notification from `room` for them
 * until `muted_until` (an @mention of them still notifies). 'Always' is a far-future date
 * (CHAT_MUTE_FOREVER), so one comparison with now answers whether a chat is muted.
 */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Canonical room name (`private-{min}-{max}` or a group slug). */
    room: text('room').notNull(),
    mutedUntil: timestamp('muted_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.room] })],
);

export type ChatMuteRow = typeof chatMutes.$inferSelect;

/**
 * Message requests (issue 25, docs/protocol.md "Message requests"): a private room whose first
 * message came from someone who was not the receiver's connection. `state` is 'pending' until the
 * receiver accepts ('accepted') or deletes it ('deleted': hidden for the receiver, the requester
 * is not told). Rooms that never were requests have no row.
 */
export const messageRequests = pgTable(
  'message_requests',
  {
    room: text('room_name').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    /**
     * Messages the requester was allowed to send before acceptance: each send takes a slot with one
     * conditional UPDATE, so two sockets (or instances) sending at once cannot both take the last.
     */
    sentCount: integer('sent_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('message_requests_requester_id_idx').on(t.requesterId),
    index('message_requests_receiver_id_idx').on(t.receiverId),
    check('message_requests_state_check', sql`${t.state} in ('pending', 'accepted', 'deleted')`),
  ],
);

export type MessageRequestRow = typeof messageRequests.$inferSelect;

/**
 * The sender's glossary (issue 26, docs/protocol.md "Never translated"): words and phrases a
 * person never wants translated in the messages they send. `word_key` is the word in lower case,
 * so 'Tapas' and 'tapas' are one entry; `word` keeps it as typed.
 */
export const neverTranslatedWords = pgTable(
  'never_translated_words',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordKey: text('word_key').notNull(),
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wordKey] })],
);

export type NeverTranslatedWordRow = typeof neverTranslatedWords.$inferSelect;

/**
 * Issue 26: a reader's report of a bad machine translation, with what they saw (the pair, the
 * engine, both texts) so an operator can judge it later. One per reader per message.
 */
export const translationReports = pgTable(
  'translation_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    engine: text('engine'),
    originalText: text('original_text').notNull(),
    translatedText: text('translated_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 29: when a moderator dismissed or acted on it (null: open). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('translation_reports_message_reporter_idx').on(t.messageId, t.reporterId)],
);

/**
 * Issue 26: a member's better translation of a message into one language; readers of that
 * language see it ('Corrected by …'). One per message and language, editable by its author;
 * gone with the message (cascade, and on delete for everyone).
 */
export const translationSuggestions = pgTable(
  'translation_suggestions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.language] })],
);
export type TranslationSuggestionRow = typeof translationSuggestions.$inferSelect;

/**
 * Issue 29: the audit log of moderation. One row per action (dismiss, remove a message, warn,
 * suspend, lift, delete an account, grant or revoke a role). Names are copied so the record
 * outlives the accounts it names: nothing is deleted without a record.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the server command (`pnpm admin …`) or an actor whose account was deleted. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUsername: text('target_username').notNull(),
    messageId: integer('message_id'),
    /** The message's text as it was when acted on (a removed message's words stay on record). */
    messageText: text('message_text'),
    reason: text('reason').notNull().default(''),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_target_idx').on(t.targetUserId, t.createdAt),
    index('moderation_actions_created_idx').on(t.createdAt),
  ],
);

/**
 * Issue 29: what moderation told a person (a warning, or that their report was acted on), in
 * their language, kept so a person who was offline reads it later (GET /moderation/notices/).
 */
export const moderationNotices = pgTable(
  'moderation_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_notices_user_idx').on(t.userId, t.id)],
);

/**
 * Issue 28: the server instances sharing this database, each seen again every heartbeat
 * (src/chat/instancePresence.ts). An instance not seen for a while is dead: its open sockets and
 * typing rows below are deleted (and the typing stops told) by whichever instance sweeps first.
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Issue 28: who has a socket open on which instance (one row per person and instance). */
export const openSockets = pgTable(
  'open_sockets',
  {
    instanceId: text('instance_id')
      .notNull()
      .references(() => serverInstances.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('open_sockets_user_idx').on(t.userId),
  ],
);

/**
 * Issue 28: someone typing (or recording) in a room through a socket on an instance, with whom
 * the indicator went to, so any instance can tell them it stopped when the socket or the instance
 * goes away without a stop.
 */
export const typingStates = pgTable(
  'typing_states',
  {
    room: text('room').notNull(),
    userId: integer('user_id').notNull(),
    /** 'typing' or 'recording'. */
    kind: text('kind').notNull(),
    instanceId: text('instance_id').notNull(),
    username: text('username').notNull(),
    recipients: jsonb('recipients').$type<number[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.room, t.userId, t.kind] }),
    index('typing_states_instance_idx').on(t.instanceId, t.userId),
  ],
);

/**
 * Issue 28: calls in progress by private room, whichever instances carry the offer, answer and
 * hangup, so a call gets one record in its conversation (src/calls/callRegistry.ts).
 */
export const activeCalls = pgTable('active_calls', {
  room: text('room').primaryKey(),
  callType: text('call_type').notNull(),
  callerId: integer('caller_id').notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  lastSignalAt: timestamp('last_signal_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 28: speech made of a message for readers of a language (GET /media/speech/), kept so
 * every instance hands out the same rendition instead of each making its own. The answer is the
 * SpeechResponse with unsigned file paths; it is reused only while younger than
 * SPEECH_ANSWER_MAX_AGE_MS (the upload sweep's promise about those files).
 */
export const speechAnswers = pgTable(
  'speech_answers',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.language] }),
    index('speech_answers_made_at_idx').on(t.madeAt),
  ],
);

/**
 * Issue 24: one row counting changes to what delivering a message reads of its members (their
 * language, plan and names: `DeliveryMember`). A trigger on `users` (migration 0029) adds one
 * whenever a statement inserts or deletes people or sets one of those columns, whichever code
 * or instance ran it; the live chat keeps members in memory while the count stays the same
 * (chat/chatDelivery.ts, MemberLoader), asking for this one row instead of every member's.
 */
export const memberVersion = pgTable(
  'member_version',
  {
    one: boolean('one').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('member_version_one_row', sql`${t.one}`)],
);
