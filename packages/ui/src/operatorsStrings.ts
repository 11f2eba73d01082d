// Kept apart from strings.ts and moderationStrings.ts (like translationTrustStrings.ts) so the
// operators' overview and roles form add lines to no shared catalog.
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of the operators' overview on the dashboard and the roles form (issue 29, staff). */
export const OPERATORS_SOURCE = {
  overviewTitle: 'Operators’ overview',
  loading: 'Loading the counts…',
  failed: 'Could not load the counts. Try again later.',
  openReports: 'Open reports',
  openTranslationReports: 'Translation reports',
  actionsThisWeek: 'Actions in the last 7 days',
  suspendedAccounts: 'Suspended accounts',
  review: 'Open the review queue',
  rolesTab: 'Roles',
  rolesTitle: 'Grant or revoke a role',
  rolesHint:
    'Moderators review reports and act on them; staff also read the audit log and change roles. Every change is recorded in the audit log.',
  username: 'Username',
  role: 'Role',
  moderator: 'Moderator',
  staff: 'Staff',
  grant: 'Grant',
  revoke: 'Revoke',
  /** After a change: what the person is now. */
  changed: icu(
    '{staff, select, yes {{moderator, select, yes {{username} is now staff and a moderator.} other {{username} is now staff.}}} other {{moderator, select, yes {{username} is now a moderator.} other {{username} has no role now.}}}}',
    (username: string, roles: { staff: boolean; moderator: boolean }) => ({
      username,
      staff: roles.staff ? 'yes' : 'no',
      moderator: roles.moderator ? 'yes' : 'no',
    }),
  ),
  changeFailed: 'The role was not changed. Try again.',
  needsUsername: 'Enter a username.',
} as const;

export const OPERATORS_STRINGS = localize('ui.operators', OPERATORS_SOURCE, uiCatalog());
