/**
 * Wire types of Parley's moderation extension (issue 29; docs/protocol.md, Moderation (issue 29)):
 * the review queue, moderators' actions and the audit log. Only moderators and staff may call
 * these paths (everyone else gets 403 `{detail}`); a spec-only backend has none of them and the
 * signed-in user then carries no `staff`/`moderator` flags, so clients show no moderation route.
 */

export const MODERATION_PATHS = {
  /** GET: open reports grouped by reported message or person (moderators and staff). */
  reports: '/moderation/reports/',
  /** POST ModerationActionRequest → ModerationActionResponse (moderators and staff). */
  actions: '/moderation/actions/',
  /** GET: the audit log, newest first, filterable (staff only). */
  audit: '/moderation/audit/',
  /** GET: the caller's own moderation notices, newest first (any signed-in person). */
  notices: '/moderation/notices/',
  /** GET: the operators' overview counts (staff only). */
  overview: '/moderation/overview/',
  /** POST ModerationRoleRequest → ModerationRoleResponse: grant or revoke a role (staff only). */
  roles: '/moderation/roles/',
} as const;

/**
 * The close reason of a chat socket the server closed (with SOCKET_CLOSE_CODES.signedOut) because
 * a moderator suspended the account; the same words as the server's SOCKET_CLOSE_REASONS.suspended.
 */
export const ACCOUNT_SUSPENDED_CLOSE_REASON = 'account suspended';

/** What a moderator can do about reports. */
export const MODERATION_ACTIONS = [
  'dismiss',
  'remove_message',
  'warn',
  'suspend',
  'lift_suspension',
  'delete_account',
  'remove_post',
] as const;
export type ModerationActionName = (typeof MODERATION_ACTIONS)[number];

/** What the server command (`pnpm admin …`) records in the same audit log. */
export const ROLE_ACTIONS = [
  'grant_moderator',
  'revoke_moderator',
  'grant_staff',
  'revoke_staff',
] as const;
export type RoleActionName = (typeof ROLE_ACTIONS)[number];

/** Every `action` an audit entry may name. */
export type AuditActionName = ModerationActionName | RoleActionName;

/** `sort` of GET /moderation/reports/: latest report first, or most reports first. */
export const MODERATION_QUEUE_SORTS = ['newest', 'most'] as const;
export type ModerationQueueSort = (typeof MODERATION_QUEUE_SORTS)[number];

/** Limits the server enforces on moderation input. */
export const MODERATION_LIMITS = {
  /** Characters of an action's reason (also a warning's text). */
  reasonMax: 1000,
  /** Messages shown before and after a reported message (that its reporters could see). */
  contextEach: 3,
  /** Audit entries per page. */
  auditPageSize: 50,
} as const;

/** A person as moderation shows them. */
export interface ModerationPerson {
  /** Null when the account no longer exists (audit entries keep the name). */
  id: number | null;
  username: string;
}

/** The reported person, with their standing. */
export interface ModerationSubject extends ModerationPerson {
  id: number;
  /** ISO time the suspension ends; null when not suspended. A far-future time: until lifted. */
  suspended_until: string | null;
  /** Suspended until a moderator lifts it (no end date). */
  suspended_indefinitely: boolean;
  /** The account was deleted (a tombstone). */
  deleted: boolean;
}

/** A message as the moderator reads it: in their language and in the original. */
export interface ModerationMessage {
  id: number;
  room_name: string;
  sender_id: number;
  sender_username: string;
  /** In the moderator's language (the original when it needs no translation or it failed). */
  message: string;
  original_message: string;
  /** `message` is a machine translation of `original_message`. */
  translated: boolean;
  /** The engine could not translate it now: `message` is the original. */
  translation_failed?: boolean;
  /** Deleted for everyone (by its sender or a moderator): the text is what was reported. */
  deleted: boolean;
  /** An attachment's name, if it has one. */
  file_name: string | null;
  timestamp: string;
}

/** One report inside a group. `reporter` is visible to moderators only. */
export interface ModerationReport {
  id: number;
  reporter: ModerationPerson;
  reason: string;
  created_at: string;
}

/** An action taken earlier about the same person (from the audit log). */
export interface ModerationAuditEntry {
  id: number;
  action: AuditActionName;
  actor: ModerationPerson;
  target: ModerationPerson;
  message_id: number | null;
  /** The message's text when it was acted on (a removed message stays on record). */
  message_text: string | null;
  reason: string;
  /** For `suspend`: the end (far future = until lifted). */
  suspended_until: string | null;
  created_at: string;
}

/** A reported post as the moderator sees it (kind 'post'): caption in their language and the original. */
export interface ModerationPost {
  id: number;
  /** In the moderator's language (the original when it needs no translation or it failed). */
  caption: string;
  original_caption: string;
  /** `caption` is a machine translation of `original_caption`. */
  translated: boolean;
  /** The engine could not translate it now: `caption` is the original. */
  translation_failed?: boolean;
  content_type: 'image' | 'video' | 'text';
  content_url: string | null;
  /** Null when the post is gone. */
  created_at: string | null;
  /** The post no longer exists: the caption is what was reported. */
  removed: boolean;
}

/**
 * Open reports about one message (`kind: 'message'`), one post (`kind: 'post'`, issue 29) or one
 * person without either. Clients that know only 'message' and 'user' can show a post group as a
 * person's.
 */
export interface ModerationReportGroup {
  /** Stable while open: `message:<id>`, `post:<id>` or `user:<id>`. */
  key: string;
  kind: 'message' | 'user' | 'post';
  reported_user: ModerationSubject;
  /** The reported message (kind 'message'); its reported text when it was deleted since. */
  message: ModerationMessage | null;
  /** The reported post (kind 'post'); absent or null for other kinds. */
  post?: ModerationPost | null;
  report_count: number;
  latest_report_at: string;
  reports: ModerationReport[];
  /**
   * Messages of the same conversation around the reported one, oldest first, only those a
   * reporter could see (member at the time, not hidden by them); the reported one included.
   */
  context: ModerationMessage[];
  /** Reports about this person that were resolved before. */
  earlier_report_count: number;
  /** Actions taken about this person before, newest first (at most 20). */
  earlier_actions: ModerationAuditEntry[];
}

/** An open report of a bad machine translation (issue 26), listed for review too. */
export interface ModerationTranslationReport {
  id: number;
  message_id: number;
  reporter: ModerationPerson;
  source_language: string;
  target_language: string;
  engine: string | null;
  original_text: string;
  translated_text: string;
  created_at: string;
}

/** GET /moderation/reports/?sort=newest|most */
export interface ModerationReportsResponse {
  results: ModerationReportGroup[];
  /** Open groups in all (results show at most 100). */
  count: number;
  translation_reports: ModerationTranslationReport[];
}

/**
 * POST /moderation/actions/. Which fields each action needs:
 * - `dismiss`: `report_ids` and/or `translation_report_ids` (closes them, nothing else changes).
 * - `remove_message`: `message_id` (deleted for everyone, live, its file removed).
 * - `warn`: `user_id`, `reason` (the notice they get, in their language).
 * - `suspend`: `user_id`, `until` (ISO time in the future) or `until: null` / absent: until lifted.
 * - `lift_suspension`: `user_id`.
 * - `delete_account`: `user_id` (as if they deleted it themselves; messages stay as a tombstone's).
 * - `remove_post`: `post_id` (the post deleted for everyone, its file removed; its caption kept
 *   in the audit entry's `message_text`).
 * `report_ids` are the open reports the action resolves (their reporters are told); `reason`
 * is recorded in the audit log.
 */
export interface ModerationActionRequest {
  action: ModerationActionName;
  user_id?: number;
  message_id?: number;
  post_id?: number;
  report_ids?: number[];
  translation_report_ids?: number[];
  reason?: string;
  until?: string | null;
}

/** 201: the audit entry the action wrote, and how many reports it closed. */
export interface ModerationActionResponse {
  entry: ModerationAuditEntry;
  resolved_reports: number;
}

/** GET /moderation/audit/?actor_id=&target_id=&action=&before_id= */
export interface ModerationAuditResponse {
  results: ModerationAuditEntry[];
  /** The next (older) page's path, or null. */
  next: string | null;
}

/**
 * Socket frame (Parley extension) to a person a moderator acted about: a warning in their
 * language, or the news that a report of theirs was acted on. Unknown to spec clients, ignored.
 */
export interface ModerationNoticeFrame {
  type: 'moderation_notice';
  /** The stored notice's id (GET /moderation/notices/ lists it too). */
  id: number;
  kind: 'warning' | 'report_resolved';
  /** The notice, in the recipient's language where the translator could. */
  message: string;
  created_at: string;
}

/** A stored notice, as GET /moderation/notices/ lists it. */
export type ModerationNotice = Omit<ModerationNoticeFrame, 'type'>;

/** GET /moderation/notices/: the caller's latest 50, newest first. */
export interface ModerationNoticesResponse {
  results: ModerationNotice[];
}

/** How far back `actions_this_week` counts: the last 7 days (a rolling window, not a calendar week). */
export const MODERATION_OVERVIEW_WINDOW_DAYS = 7;

/**
 * GET /moderation/overview/ (staff only): the operators' overview on the dashboard. Every count
 * is taken at the moment of the request.
 */
export interface ModerationOverviewResponse {
  /** Reports of people or messages not yet acted on or dismissed. */
  open_reports: number;
  /** Reports of bad machine translations (issue 26) not yet dismissed. */
  open_translation_reports: number;
  /** Moderators' actions (MODERATION_ACTIONS, not role changes) in the last 7 days. */
  actions_this_week: number;
  /** Live accounts whose suspension has not ended (until lifted or until a future time). */
  suspended_accounts: number;
}

/** The roles a staff member grants or revokes (POST /moderation/roles/). */
export const MODERATION_ROLES = ['moderator', 'staff'] as const;
export type ModerationRole = (typeof MODERATION_ROLES)[number];

/**
 * POST /moderation/roles/ (staff only): name the person by `username` or `user_id` (exactly one).
 * Recorded in the audit log as grant_/revoke_moderator or grant_/revoke_staff, like the server
 * command. The last staff member cannot revoke their own staff role (409).
 */
export interface ModerationRoleRequest {
  username?: string;
  user_id?: number;
  role: ModerationRole;
  granted: boolean;
}

/** 201: the audit entry, and the person's roles after the change. */
export interface ModerationRoleResponse {
  entry: ModerationAuditEntry;
  user: { id: number; username: string; staff: boolean; moderator: boolean };
}
