import type { ConnectionStatus } from '@parley/chat-sdk';
import type { ConnectionRow } from '../db/schema.js';

/** The status of spec §4 as `me` sees it, with the direction of a pending request. */
export function statusFor(me: number, row: ConnectionRow | null): ConnectionStatus {
  if (!row) return { status: 'No connection' };
  if (row.status === 'accepted') return { status: 'accepted' };
  return { status: 'pending', direction: row.fromUserId === me ? 'sent' : 'received' };
}
