import type { ModerationAuditEntry } from '@parley/chat-sdk';
import { MODERATION_STRINGS } from '../../moderationStrings';

/**
 * A moment as moderation shows it: '2026-11-26 10:05 UTC', the same words as the server's
 * suspension message, so a moderator and the suspended person read the same end time.
 */
export function moderationTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** 'mia warned bruno' */
export function auditLine(entry: ModerationAuditEntry): string {
  return MODERATION_STRINGS.auditLine(
    entry.actor.username,
    MODERATION_STRINGS.auditAction[entry.action] ?? entry.action,
    entry.target.username,
  );
}
