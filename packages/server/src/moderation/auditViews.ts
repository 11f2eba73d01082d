import type { AuditActionName, ModerationAuditEntry } from '@parley/chat-sdk';
import type { AuditRow } from '../plugins/app/moderation-repository.js';

/** An audit row as the wire shows it (ModerationAuditEntry). */
export function toAuditEntry(row: AuditRow): ModerationAuditEntry {
  return {
    id: row.id,
    action: row.action as AuditActionName,
    actor: { id: row.actorId, username: row.actorUsername },
    target: { id: row.targetUserId, username: row.targetUsername },
    message_id: row.messageId,
    message_text: row.messageText,
    reason: row.reason,
    suspended_until: row.suspendedUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
