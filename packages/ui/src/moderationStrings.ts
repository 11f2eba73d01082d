// Kept apart from strings.ts (like translationTrustStrings.ts) so issue 29's screens add lines to
// no shared catalog.
import type { AuditActionName, ModerationActionName } from '@parley/chat-sdk';
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/**
 * How long a suspension lasts, as the dialog offers it (English source of 'ui.suspensionPeriods').
 * The code reads each option's `value` from here, never from a locale (it is not a word).
 */
export const SUSPENSION_PERIODS_SOURCE = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'lifted', label: 'Until lifted' },
] as const;

export type SuspensionPeriodValue = (typeof SUSPENSION_PERIODS_SOURCE)[number]['value'];

/** Days of each period (null: until a moderator lifts it). */
export const SUSPENSION_DAYS: Readonly<Record<SuspensionPeriodValue, number | null>> = {
  '1': 1,
  '7': 7,
  '30': 30,
  lifted: null,
};

/** The periods in the active locale: `label` is the words, `value` as in the source. */
export const SUSPENSION_PERIODS = localize(
  'ui',
  { suspensionPeriods: SUSPENSION_PERIODS_SOURCE },
  uiCatalog(),
).suspensionPeriods;

/** Strings of the moderation screens (issue 29): review queue, actions, audit log, suspension. */
export const MODERATION_SOURCE = {
  title: 'Moderation',
  back: 'Back to dashboard',
  loading: 'Loading reports…',
  loadFailed: 'Could not load the reports. Try again later.',
  retry: 'Try again',
  tabsLabel: 'Moderation sections',
  queueTab: 'Review queue',
  auditTab: 'Audit log',
  sortLabel: 'Sort',
  sortNewest: 'Newest',
  sortMost: 'Most reported',
  /** Above the list: how many open groups there are in all. */
  openCount: icu(
    '{count, plural, one {{count} open report} other {{count} open reports}}',
    (count: number) => ({ count }),
  ),
  empty: 'No open reports. Nothing needs review right now.',
  queueLabel: 'Open reports',
  /** A group's accessible name. */
  groupLabel: icu('Reports about {username}', (username: string) => ({ username })),
  aboutMessage: icu('Message from {username}', (username: string) => ({ username })),
  aboutPerson: icu('Reported person: {username}', (username: string) => ({ username })),
  /** Issue 29: a reported post's card. */
  aboutPost: icu('Post by {username}', (username: string) => ({ username })),
  postKind: { image: 'Image post', video: 'Video post', text: 'Text post' },
  removedPost: 'Removed since it was reported',
  noCaption: 'No caption',
  in: icu('in {room}', (room: string) => ({ room })),
  reportCount: icu(
    '{count, plural, one {Reported once} other {Reported {count} times}}',
    (count: number) => ({ count }),
  ),
  translated: 'Translated for you',
  translationFailed: 'Could not be translated now; this is the original.',
  viewOriginal: 'View original',
  hideOriginal: 'Hide original',
  original: 'Original',
  deletedMessage: 'Deleted since it was reported',
  attachment: icu('Attachment: {name}', (name: string) => ({ name })),
  reasonsHeading: 'Reasons',
  reportedBy: icu('reported by {username}', (username: string) => ({ username })),
  contextHeading: 'The conversation around it',
  /** Marks the reported message among the context. */
  reportedMarker: 'Reported',
  suspendedUntil: icu('Suspended until {until}', (until: string) => ({ until })),
  suspendedIndefinitely: 'Suspended until lifted',
  deletedAccount: 'Account deleted',
  earlierHeading: 'History',
  earlierReports: icu(
    '{count, plural, =0 {No earlier reports} one {{count} earlier report} other {{count} earlier reports}}',
    (count: number) => ({ count }),
  ),
  noEarlierActions: 'No earlier actions',
  actionsLabel: icu('Actions about {username}', (username: string) => ({ username })),
  translationHeading: 'Translation reports',
  translationEmpty: 'No open translation reports.',
  translationPair: icu(
    '{hasEngine, select, yes {{source} → {target}, {engine}} other {{source} → {target}}}',
    (source: string, target: string, engine: string | null) => ({
      source,
      target,
      engine: engine ?? '',
      hasEngine: engine ? 'yes' : 'no',
    }),
  ),
  translationOriginal: 'Original',
  translationGiven: 'Translation given',
  /** The button on each action; the dialog's title is the same words as a question. */
  action: {
    dismiss: 'Dismiss',
    remove_message: 'Remove message',
    warn: 'Warn',
    suspend: 'Suspend',
    lift_suspension: 'Lift suspension',
    delete_account: 'Delete account',
    remove_post: 'Remove post',
  } satisfies Record<ModerationActionName, string>,
  confirmTitle: {
    dismiss: 'Dismiss these reports?',
    remove_message: 'Remove this message for everyone?',
    warn: icu('Warn {username}?', (username: string) => ({ username })),
    suspend: icu('Suspend {username}?', (username: string) => ({ username })),
    lift_suspension: icu("Lift {username}'s suspension?", (username: string) => ({ username })),
    delete_account: icu("Delete {username}'s account?", (username: string) => ({ username })),
    remove_post: 'Remove this post for everyone?',
  },
  confirmText: {
    dismiss: 'The reports are closed and nothing else changes. Their reporters are told.',
    remove_message:
      'The message disappears from every member’s history and its file is deleted. The audit log keeps its text.',
    warn: 'They get your words as a notice, in their language.',
    suspend: 'Their open chats close and they cannot sign in until the suspension ends.',
    lift_suspension: 'They can sign in again at once.',
    delete_account:
      'The account is deleted as if they had deleted it themselves. Their messages stay, without their name.',
    remove_post:
      'The post disappears from every feed and profile and its image or video is deleted. The audit log keeps its caption.',
  },
  warningLabel: 'What they will read',
  reasonLabel: 'Reason (kept in the audit log)',
  periodLabel: 'For how long',
  confirm: 'Confirm',
  cancel: 'Cancel',
  needsReason: 'Write a reason.',
  /** role=status once an action was taken. */
  done: {
    dismiss: 'Reports dismissed.',
    remove_message: 'Message removed.',
    warn: 'Warning sent.',
    suspend: 'Account suspended.',
    lift_suspension: 'Suspension lifted.',
    delete_account: 'Account deleted.',
    remove_post: 'Post removed.',
  } satisfies Record<ModerationActionName, string>,
  actionFailed: 'The action could not be taken. Try again later.',
  /** Audit log. */
  auditHeading: 'Audit log',
  auditLoading: 'Loading the audit log…',
  auditFailed: 'Could not load the audit log. Try again later.',
  auditEmpty: 'No entries match.',
  auditFilterAction: 'Action',
  auditAnyAction: 'Any action',
  auditFilterPerson: 'Person (user id)',
  auditApply: 'Filter',
  auditOlder: 'Older entries',
  auditListLabel: 'Audit entries',
  auditAction: {
    dismiss: 'dismissed reports about',
    remove_message: 'removed a message of',
    warn: 'warned',
    suspend: 'suspended',
    lift_suspension: 'lifted the suspension of',
    delete_account: 'deleted the account of',
    remove_post: 'removed a post of',
    grant_moderator: 'made a moderator:',
    revoke_moderator: 'removed moderator from',
    grant_staff: 'made staff:',
    revoke_staff: 'removed staff from',
  } satisfies Record<AuditActionName, string>,
  auditLine: icu('{actor} {action} {target}', (actor: string, action: string, target: string) => ({
    actor,
    action,
    target,
  })),
  auditReason: icu('Reason: {reason}', (reason: string) => ({ reason })),
  /** Suspension notice (socket closed / sign-in refused). */
  suspendedTitle: 'Your account is suspended',
  suspendedText:
    'A moderator suspended your account. Your messages are kept; you can sign in again when the suspension ends.',
  suspendedBack: 'Back to sign in',
} as const;

export const MODERATION_STRINGS = localize('ui.moderation', MODERATION_SOURCE, uiCatalog());
