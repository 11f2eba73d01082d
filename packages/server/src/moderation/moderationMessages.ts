/** The server's words for moderation (issue 29): refusals, suspension, notices. */
export const MODERATION_MESSAGES = {
  notModerator: 'Only moderators, staff and organisation administrators may use the review queue.',
  /** An organisation administrator acting beyond their organisation or their actions. */
  outsideOrganisation:
    'Organisation administrators moderate only their organisation’s members, inside it.',
  organisationActions:
    'Organisation administrators can dismiss reports, remove messages and warn; suspending and deleting accounts is for moderators.',
  notStaff: 'Only staff may read the audit log.',
  /** The operators' overview and roles (moderators included). */
  notOperator: 'Only staff may see the operators’ overview and grant or revoke roles.',
  /** POST /moderation/roles/ names nobody, or both a username and an id. */
  roleNeedsOnePerson: 'Name the person by username or by user_id (one of them).',
  lastStaff:
    'You are the last staff member: grant someone else staff before revoking your own role.',
  /** A moderator's delete_account while the person's plan still renews (nothing was deleted). */
  renewingSubscription:
    'This person’s subscription still renews, and a deleted account could not cancel it. Suspend the account instead; delete it once the subscription has ended.',
  unknownUser: 'User not found.',
  unknownMessage: 'Message not found.',
  unknownPost: 'Post not found.',
  unknownReports: 'No open report has these ids.',
  untilInPast: 'The end of a suspension must be in the future.',
  notSuspended: 'This account is not suspended.',
  alreadyRemoved: 'This message was already deleted.',
  selfAction: 'Moderators cannot act on their own account.',
  staffTarget: 'Staff accounts can only be changed with the server command.',
  needsReason: 'Say what the warning is about.',
  needsTarget: 'Name the reports to dismiss.',
  /** Sign-in, token refresh: the account is suspended. */
  suspended: (until: Date | null) =>
    until === null
      ? 'Your account is suspended until a moderator lifts the suspension.'
      : `Your account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  /** The start of a warning notice; the moderator's words follow. */
  warning: 'A moderator warned you about your messages:',
  /** Told to a reporter when their report was acted on. */
  reportResolved: 'A moderator reviewed your report and took action. Thank you for reporting.',
  reportDismissed: 'A moderator reviewed your report. Thank you for reporting.',
} as const;

/** A suspension "until lifted" is stored as this far-future moment (timestamps need an end). */
export const SUSPENDED_FOREVER = new Date('9999-12-31T00:00:00Z');

/** Whether the account is suspended at `now`. */
export function isSuspended(until: Date | null | undefined, now = new Date()): boolean {
  return until != null && until.getTime() > now.getTime();
}

/** The suspension message for an account suspended until `until`. */
export function suspensionMessage(until: Date): string {
  return MODERATION_MESSAGES.suspended(
    until.getTime() >= SUSPENDED_FOREVER.getTime() ? null : until,
  );
}
