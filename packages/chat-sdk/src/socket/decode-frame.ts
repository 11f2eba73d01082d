import type { Logger } from '../logger';
import { SERVER_FRAME_TYPES, type ServerFrame } from '../protocol/socket';

const KNOWN = new Set<string>(SERVER_FRAME_TYPES);

/**
 * A server frame from a message's data, or null. Binary data, invalid JSON and unknown types are
 * logged, never thrown (spec §7).
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
  const type =
    typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !KNOWN.has(type)) {
    logger.warn('[parley] ignored a socket frame of unknown type', type);
    return null;
  }
  return parsed as ServerFrame;
}
