import {
  type ChatMessage,
  languageCodeForName,
  MODERATION_LIMITS,
  type ModerationMessage,
  type ModerationQueueSort,
  type ModerationReportGroup,
  type ModerationReportsResponse,
} from '@parley/chat-sdk';
import { type ChatTranslation, localizeHistory } from '../chat/messageTranslation.js';
import type { MessageActionsRepository, PostsRepository } from '../plugins/app/index.js';
import type { ModerationRepository, OpenReportRow } from '../plugins/app/moderation-repository.js';
import { toAuditEntry } from './auditViews.js';
import { SUSPENDED_FOREVER } from './moderationMessages.js';
import { postsForModerator } from './reportedPosts.js';

/** Groups one answer shows; translation reports likewise. */
const GROUPS_SHOWN = 100;
const TRANSLATION_REPORTS_SHOWN = 100;
/** Earlier actions shown per person. */
const EARLIER_ACTIONS = 20;

export interface QueueDeps {
  repository: ModerationRepository;
  translation: ChatTranslation;
  actions: MessageActionsRepository;
  /** Issue 29: reported posts and their caption translations. */
  posts: PostsRepository;
}

export interface QueueReader {
  id: number;
  /** The moderator's profile language name ('English'). */
  language: string;
  /**
   * An organisation administrator's people (moderationScope.ts): only reports between them are
   * shown, and no translation reports. Null: a moderator or staff, who see everything.
   */
  scope: ReadonlySet<number> | null;
}

interface Pending {
  key: string;
  kind: 'message' | 'user' | 'post';
  reportedUserId: number;
  messageId: number | null;
  postId: number | null;
  reportedText: string | null;
  reports: OpenReportRow[];
  latest: Date;
}

function groupReports(rows: OpenReportRow[]): Pending[] {
  const groups = new Map<string, Pending>();
  for (const row of rows) {
    const kind = row.postId !== null ? 'post' : row.messageId !== null ? 'message' : 'user';
    const key =
      kind === 'post'
        ? `post:${row.postId}`
        : kind === 'message'
          ? `message:${row.messageId}`
          : `user:${row.reportedUserId}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        kind,
        reportedUserId: row.reportedUserId,
        messageId: kind === 'message' ? row.messageId : null,
        postId: row.postId,
        reportedText: row.messageText,
        reports: [],
        latest: row.createdAt,
      };
      groups.set(key, group);
    }
    group.reports.push(row);
    if (row.createdAt > group.latest) group.latest = row.createdAt;
  }
  return [...groups.values()];
}

function sortGroups(groups: Pending[], sort: ModerationQueueSort): Pending[] {
  const byLatest = (a: Pending, b: Pending) => b.latest.getTime() - a.latest.getTime();
  return groups.sort(
    sort === 'most' ? (a, b) => b.reports.length - a.reports.length || byLatest(a, b) : byLatest,
  );
}

function toModerationMessage(message: ChatMessage, reportedText: string | null): ModerationMessage {
  const deleted = message.deleted === true;
  // A deleted message's row is emptied: the queue shows what was reported.
  const original = deleted ? (reportedText ?? '') : message.original_message;
  return {
    id: message.id,
    room_name: message.room_name ?? '',
    sender_id: message.sender_id,
    sender_username: message.sender_username,
    message: deleted ? original : message.message,
    original_message: original,
    translated: !deleted && message.translated === true,
    ...(message.translation_failed ? { translation_failed: true } : {}),
    deleted,
    file_name: message.file_name ?? null,
    timestamp: message.timestamp,
  };
}

/**
 * GET /moderation/reports/: open reports grouped by reported message (or person, when no
 * message was named), each with the message in the moderator's language and the original, its
 * surroundings as its reporters could see them, and the person's earlier reports and actions.
 */
export async function reviewQueue(
  deps: QueueDeps,
  reader: QueueReader,
  sort: ModerationQueueSort,
): Promise<ModerationReportsResponse> {
  const { scope } = reader;
  const open = (await deps.repository.openReports()).filter(
    (r) =>
      // Nobody reviews reports about themselves: reporters stay hidden from the reported person.
      r.reportedUserId !== reader.id &&
      (scope === null || (scope.has(r.reporterId) && scope.has(r.reportedUserId))),
  );
  const all = sortGroups(groupReports(open), sort);
  const shown = all.slice(0, GROUPS_SHOWN);
  const personIds = [...new Set(shown.map((g) => g.reportedUserId))];
  const [subjects, earlierCounts, earlierActions] = await Promise.all([
    deps.repository.subjects(personIds),
    deps.repository.earlierReportCounts(personIds),
    deps.repository.actionsAbout(personIds, EARLIER_ACTIONS),
  ]);
  const subjectOf = new Map(subjects.map((s) => [s.id, s]));

  // The surroundings of each reported message, as any of its reporters could see them.
  const contextOf = new Map<string, number[]>();
  for (const group of shown) {
    if (group.messageId === null) continue;
    const info = await deps.repository.messageInfo(group.messageId);
    if (!info) continue;
    const readers = [...new Set(group.reports.map((r) => r.reporterId))];
    contextOf.set(
      group.key,
      await deps.repository.contextIds(info.room, info.id, readers, MODERATION_LIMITS.contextEach),
    );
  }
  const ids = [...new Set([...contextOf.values()].flat())];
  const stored = await deps.actions.byIds(ids);
  // Translated as a history page is for the moderator (stored translations reused).
  const localized = await localizeHistory(
    deps.translation,
    stored,
    { id: reader.id, language: languageCodeForName(reader.language) ?? null },
    new Set(),
  );
  const messageOf = new Map(localized.map((m) => [m.id, m]));
  const postOf = await postsForModerator(
    { translation: deps.translation, posts: deps.posts },
    shown.flatMap((g) =>
      g.postId === null ? [] : [{ postId: g.postId, reportedCaption: g.reportedText }],
    ),
    languageCodeForName(reader.language) ?? null,
  );

  const results: ModerationReportGroup[] = [];
  for (const group of shown) {
    const subject = subjectOf.get(group.reportedUserId);
    if (!subject) continue;
    const context = (contextOf.get(group.key) ?? []).flatMap((id) => {
      const message = messageOf.get(id);
      return message
        ? [toModerationMessage(message, id === group.messageId ? group.reportedText : null)]
        : [];
    });
    results.push({
      key: group.key,
      kind: group.kind,
      reported_user: {
        id: subject.id,
        username: subject.username,
        suspended_until: subject.suspendedUntil?.toISOString() ?? null,
        suspended_indefinitely:
          subject.suspendedUntil !== null &&
          subject.suspendedUntil.getTime() >= SUSPENDED_FOREVER.getTime(),
        deleted: subject.deletedAt !== null,
      },
      message: context.find((m) => m.id === group.messageId) ?? null,
      ...(group.postId !== null ? { post: postOf.get(group.postId) ?? null } : {}),
      report_count: group.reports.length,
      latest_report_at: group.latest.toISOString(),
      reports: group.reports.map((r) => ({
        id: r.id,
        reporter: { id: r.reporterId, username: r.reporterUsername },
        reason: r.reason,
        created_at: r.createdAt.toISOString(),
      })),
      context,
      earlier_report_count: earlierCounts.get(subject.id) ?? 0,
      earlier_actions: (earlierActions.get(subject.id) ?? []).map(toAuditEntry),
    });
  }

  const translationReports =
    scope === null ? await deps.repository.openTranslationReports(TRANSLATION_REPORTS_SHOWN) : [];
  return {
    results,
    count: all.length,
    translation_reports: translationReports.map((r) => ({
      id: r.id,
      message_id: r.messageId,
      reporter: { id: r.reporterId, username: r.reporterUsername },
      source_language: r.sourceLanguage,
      target_language: r.targetLanguage,
      engine: r.engine,
      original_text: r.originalText,
      translated_text: r.translatedText,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
