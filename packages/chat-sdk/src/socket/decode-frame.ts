import type { Logger } from '../logger';
import { SERVER_FRAME_TYPES, type ServerFrame, type ServerFrameType } from '../protocol/socket';
import { SERVER_FRAME_READERS } from './server-frame-readers';

const KNOWN = new Set<string>(SERVER_FRAME_TYPES);

/**
 * A server frame from a message's data, checked by its type's reader, or null. Binary data,
 * invalid JSON, unknown types and frames their reader refuses are logged, never thrown (spec §7).
 */
export function decodeServerFrame(data: unknown, logger: Logger): ServerFrame | null {
  if (typeof data !== 'string') {
    logger.warn('[parley] ignored a binary socket frame');
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    logger.warn('[parley] ignored a socket frame that is not JSON', data.slice(0, 200));
    return null;
  }
  const raw =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const type = raw.type;
  if (typeof type !== 'string' || !KNOWN.has(type)) {
    logger.warn('[parley] ignored a socket frame of unknown type', type);
    return null;
  }
  const frame = SERVER_FRAME_READERS[type as ServerFrameType](raw);
  if (!frame) logger.warn('[parley] ignored an invalid socket frame', type);
  return frame;
}
