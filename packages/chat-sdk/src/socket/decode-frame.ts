import type { Logger } from '../logger';
import { SERVER_FRAME_TYPES, type ServerFrame, type ServerFrameType } from '../protocol/socket';
import { readDeliveredReceipts } from './receipt-frame-readers';
import { SERVER_FRAME_READERS } from './server-frame-readers';

const KNOWN = new Set<string>(SERVER_FRAME_TYPES);

/**
 * The server frames a message's data carries, each checked by its type's reader: one, or none.
 * Binary data, invalid JSON, unknown types and frames their reader refuses are logged, never
 * thrown (spec §7). A `delivered_receipts` frame (ext, asked for with SOCKET_FEATURES) is handed
 * on as the `delivered_receipt` frames it groups, so listeners see one shape whichever the server
 * sent.
 */
export function decodeServerFrames(data: unknown, logger: Logger): ServerFrame[] {
  if (typeof data !== 'string') {
    logger.warn('[parley] ignored a binary socket frame');
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    logger.warn('[parley] ignored a socket frame that is not JSON', data.slice(0, 200));
    return [];
  }
  const raw =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const type = raw.type;
  if (type === 'delivered_receipts') {
    const receipts = readDeliveredReceipts(raw);
    if (receipts.length === 0) logger.warn('[parley] ignored an invalid socket frame', type);
    return receipts;
  }
  if (typeof type !== 'string' || !KNOWN.has(type)) {
    logger.warn('[parley] ignored a socket frame of unknown type', type);
    return [];
  }
  const frame = SERVER_FRAME_READERS[type as ServerFrameType](raw);
  if (!frame) {
    logger.warn('[parley] ignored an invalid socket frame', type);
    return [];
  }
  return [frame];
}
