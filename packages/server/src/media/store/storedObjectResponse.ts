import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, ObjectStore } from './objectStore.js';

/** What an HTTP Range header asks of `size` bytes: a range, everything (null), or unsatisfiable. */
export function requestedRange(header: string | undefined, size: number): ByteRange | null | 'bad' {
  if (!header || size === 0) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'bad';
  let start: number;
  let end: number;
  if (!match[1]) {
    // Suffix range: the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'bad';
  return { start, end };
}

/**
 * Streams one stored object (from disk or the bucket) with HTTP ranges, so audio and video seek
 * whichever store holds them. The caller has checked who may read it; `headers` (type, disposition, caching) are set only
 * when the object exists, so a 404 goes out as the usual JSON.
 * Returns false when the store has no such object, so the caller answers its own 404; after true
 * the caller returns `reply`.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const info = await store.head(key);
  if (!info) return false;
  reply.headers(headers);
  const range = requestedRange(request.headers.range, info.size);
  reply.header('Accept-Ranges', 'bytes');
  if (range === 'bad') {
    reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
    return true;
  }
  const body = await store.read(key, range ?? undefined);
  if (!body) return false;
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.header('Content-Length', String(info.size));
  }
  reply.send(body);
  return true;
}
