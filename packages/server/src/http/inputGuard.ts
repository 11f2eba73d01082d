import type { FastifyInstance, FastifyRequest } from 'fastify';
import { detailError, fieldError, type HttpError } from './errors.js';

/**
 * One rule for every way text reaches the server (socket frames, query strings, path parameters,
 * JSON bodies, multipart fields and file names): C0 control characters are refused at the edge,
 * before any value can reach the database (PostgreSQL refuses NUL in text, which would otherwise
 * surface as a database error carrying the value in its log line).
 *
 * Two kinds of field: free text (a message, a caption, a bio, an SDP) may keep tab, newline and
 * carriage return; names, room names, ids, tokens and every query or path parameter keep none.
 */
export type TextKind = 'text' | 'name';

// C0 controls except tab (09), line feed (0A) and carriage return (0D).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NAME_FORBIDDEN = /[\u0000-\u001f]/;

/**
 * Fields that name or identify something, wherever they appear (socket frames, JSON bodies,
 * multipart fields): no control character at all, not even a newline.
 */
export const NAME_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'username',
  'user_name',
  'email',
  'phone',
  'language',
  'gender',
  'name',
  'room_name',
  'client_id',
  'file_name',
  'file_type',
  'file_url',
  'audio_url',
  'mime_type',
  'call_type',
  'content_type',
  'categories',
  'categories[]',
  'sender_id',
  'receiver_id',
  'user_id',
  'user_ids',
  'from',
  'to',
  'token',
  'refresh',
  'timezone',
  'sdpMid',
]);

export const CONTROL_CHARACTER_MESSAGES = {
  nullCharacter: 'Null characters are not allowed.',
  controlCharacter: 'Control characters are not allowed.',
  parameter: 'Control characters are not allowed in the URL.',
} as const;

export function kindOfField(field: string): TextKind {
  return NAME_FIELDS.has(field) ? 'name' : 'text';
}

/** Whether `value` holds a control character its kind does not allow. */
export function hasForbiddenControl(value: string, kind: TextKind): boolean {
  return (kind === 'name' ? NAME_FORBIDDEN : TEXT_FORBIDDEN).test(value);
}

/** The client-facing sentence for a refused value: NUL keeps DRF's wording. */
export function controlCharacterMessage(value: string): string {
  return value.includes('\u0000')
    ? CONTROL_CHARACTER_MESSAGES.nullCharacter
    : CONTROL_CHARACTER_MESSAGES.controlCharacter;
}

const MAX_DEPTH = 64;

/**
 * The path of the first string (value or object key) in a parsed JSON value that its field's kind
 * does not allow, or null. A string inside an array or object takes the kind of the nearest named
 * field (`user_objects[0].username` is a name); JSON nested deeper than any request needs is
 * refused too.
 */
export function findForbiddenText(
  value: unknown,
  kind: TextKind = 'text',
  { trimNames = false }: { trimNames?: boolean } = {},
): string | null {
  return walk(value, kind, '', 0, trimNames);
}

function walk(
  value: unknown,
  kind: TextKind,
  path: string,
  depth: number,
  trimNames: boolean,
): string | null {
  if (typeof value === 'string') {
    const checked = trimNames && kind === 'name' ? value.trim() : value;
    return hasForbiddenControl(checked, kind) ? path || '.' : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth > MAX_DEPTH) return path || '.';
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = walk(value[index], kind, `${path}[${index}]`, depth + 1, trimNames);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (hasForbiddenControl(key, 'name')) return itemPath;
    const found = walk(item, NAME_FIELDS.has(key) ? 'name' : kind, itemPath, depth + 1, trimNames);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A JSON body's refusal: a top-level field gets a field error (the shape the API's other field
 * errors have), anything deeper a `{detail}`. Body fields are trimmed by their validation
 * (bodyFields.ts), so a name is checked as it will be stored: surrounding whitespace, tabs and
 * newlines included, is not what is refused.
 */
export function bodyControlCharacterError(body: unknown): HttpError | null {
  const path = findForbiddenText(body, 'text', { trimNames: true });
  if (path === null) return null;
  if (body && typeof body === 'object' && !Array.isArray(body) && /^[^.[\]]+$/.test(path)) {
    const value = (body as Record<string, unknown>)[path];
    return fieldError({
      [path]: [controlCharacterMessage(typeof value === 'string' ? value : path)],
    });
  }
  return detailError(400, CONTROL_CHARACTER_MESSAGES.controlCharacter);
}

/** A multipart field's or file name's refusal, or null when the value is fine. */
export function multipartFieldError(
  field: string,
  value: string,
  kind?: TextKind,
): HttpError | null {
  if (hasForbiddenControl(field, 'name')) {
    return detailError(400, CONTROL_CHARACTER_MESSAGES.controlCharacter);
  }
  const fieldKind = kind ?? kindOfField(field);
  if (!hasForbiddenControl(fieldKind === 'name' ? value.trim() : value, fieldKind)) return null;
  return fieldError({ [field]: [controlCharacterMessage(value)] });
}

/**
 * Query strings and path parameters carry names, ids, cursors and tokens only: any control
 * character is a 400 before the route runs. Runs as a preValidation hook, after Fastify has
 * decoded the URL.
 */
export function installParameterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      findForbiddenText(request.params, 'name') !== null ||
      findForbiddenText(request.query, 'name') !== null
    ) {
      throw detailError(400, CONTROL_CHARACTER_MESSAGES.parameter);
    }
  });
}

type PartsMethod = FastifyRequest['parts'];

/**
 * Multipart fields and file names pass the same guard: every route reads its form through
 * `request.parts()`, which is wrapped here once so that a refused value stops the form before
 * the route sees it. The rest of a refused body is not read; the connection closes after the
 * answer.
 */
export function installMultipartGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const parts: PartsMethod = request.parts.bind(request);
    request.parts = ((options) => guardedParts(parts(options))) as PartsMethod;
  });
}

async function* guardedParts(parts: ReturnType<PartsMethod>): ReturnType<PartsMethod> {
  for await (const part of parts) {
    const refusal =
      part.type === 'file'
        ? multipartFieldError(part.fieldname, part.filename ?? '', 'name')
        : multipartFieldError(
            part.fieldname,
            typeof part.value === 'string' ? part.value : String(part.value),
          );
    if (refusal) {
      refusal.headers.Connection = 'close';
      throw refusal;
    }
    yield part;
  }
}
