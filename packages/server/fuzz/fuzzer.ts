import * as sdk from '@parley/chat-sdk';
import type WebSocket from 'ws';

/**
 * A seeded fuzzer for the REST API and the chat socket (`pnpm fuzz`; a short run is part of the
 * server's test suite, test/fuzz.test.ts). It only makes inputs and sends them; the caller owns
 * the server, the accounts and the assertions. The same seed makes the same inputs.
 */

/** mulberry32: small, fast and good enough to pick inputs; never for anything secret. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  bytes(length: number): Buffer {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i += 1) out[i] = this.int(256);
    return out;
  }
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003',
  '\u001b[31mred',
  'line\nbreak',
  'tab\there',
  '\r\n\r\n',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '😀'.repeat(50),
  '‮RTL override',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%zz',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, literally
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'user_1',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'https://127.0.0.1:1/x',
  'javascript:alert(1)',
  '/chatmessage/files/../../x',
];

export function randomString(random: SeededRandom): string {
  const roll = random.int(10);
  if (roll < 4) return random.pick(NASTY_STRINGS);
  if (roll < 6) {
    let text = '';
    const length = random.int(40);
    for (let i = 0; i < length; i += 1) text += String.fromCharCode(random.int(0x3000));
    return text;
  }
  if (roll < 7) {
    // Now and then past every size limit (64 KiB bodies, the socket's frame size).
    const length = random.chance(0.25) ? random.int(70_000) : random.int(5_000);
    return random.pick(['a', 'x', '\u0000', '😀', ' ']).repeat(length);
  }
  if (roll < 8) return String(random.int(1_000_000));
  return `word${random.int(1000)}`;
}

export function randomValue(random: SeededRandom, depth = 0): unknown {
  const roll = random.int(depth > 3 ? 7 : 10);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick([0, -1, 1, 1.5, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER, 1e308]);
    case 3:
    case 4:
    case 5:
      return randomString(random);
    case 6:
      return random.int(100);
    case 7:
    case 8: {
      const list: unknown[] = [];
      const length = random.chance(0.05) ? 500 : random.int(5);
      for (let i = 0; i < length; i += 1) list.push(randomValue(random, depth + 1));
      return list;
    }
    default:
      return randomObject(random, depth + 1);
  }
}

const FIELD_NAMES = [
  'type',
  'message',
  'room_name',
  'sender_id',
  'receiver_id',
  'client_id',
  'file_url',
  'file_type',
  'file_name',
  'audio_url',
  'transcript',
  'user_objects',
  'is_typing',
  'is_recording',
  'username',
  'from',
  'to',
  'call_type',
  'signal',
  'mime_type',
  'audio',
  'language',
  'final',
  'id',
  'user_id',
  'user_ids',
  'name',
  'email',
  'password',
  'phone',
  'gender',
  'profile_info',
  'text',
  'caption',
  'content_type',
  'categories',
  'endpoint',
  'keys',
  'timezone',
  'reason',
  'plan',
  '__proto__',
  'constructor',
];

export function randomObject(random: SeededRandom, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = random.int(8);
  for (let i = 0; i < count; i += 1) {
    const key = random.chance(0.85) ? random.pick(FIELD_NAMES) : randomString(random).slice(0, 40);
    object[key] = randomValue(random, depth + 1);
  }
  return object;
}

/** What the fuzzer sends on the socket: text (possibly not UTF-8) or binary. */
export type FuzzFrame =
  | { kind: 'text'; data: string }
  | { kind: 'raw-text'; data: Buffer }
  | { kind: 'binary'; data: Buffer };

const FRAME_TYPES = [...sdk.CLIENT_FRAME_TYPES, 'ping', 'launch_missiles', '', 'CHAT_MESSAGE'];

/** A malformed (or odd but valid) client frame, about the user's own id and room. */
export function randomFrame(
  random: SeededRandom,
  self: { id: number; room: string; peerId: number },
): FuzzFrame {
  const roll = random.int(20);
  if (roll === 0) return { kind: 'binary', data: random.bytes(random.int(2048)) };
  if (roll === 1) {
    // Invalid UTF-8 in a text frame: ws closes the socket with 1007.
    return { kind: 'raw-text', data: Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0xfe, 0x7d]) };
  }
  if (roll === 2) {
    return {
      kind: 'text',
      data: random.pick(['{', '[]', '"x"', '1', 'null', '{"type":', '{"type":"ping"}}', '\u0000']),
    };
  }
  const frame: Record<string, unknown> = random.chance(0.3) ? randomObject(random) : {};
  frame.type = random.chance(0.9) ? random.pick(FRAME_TYPES) : randomValue(random);
  // Often close to a real frame, so validation gets past the first field.
  if (random.chance(0.6)) {
    frame.sender_id = random.chance(0.8) ? self.id : randomValue(random);
    frame.from = random.chance(0.8) ? self.id : randomValue(random);
    frame.room_name = random.chance(0.5) ? self.room : randomString(random);
    frame.message = randomString(random);
  }
  if (random.chance(0.2)) frame.to = random.chance(0.5) ? self.peerId : randomValue(random);
  if (random.chance(0.2)) frame.client_id = randomString(random);
  if (random.chance(0.1)) frame.signal = randomObject(random);
  if (random.chance(0.1)) frame.user_objects = randomValue(random);
  return { kind: 'text', data: JSON.stringify(frame) };
}

export interface FuzzRoute {
  method: string;
  /** With `:name` parameters and `*` wildcards, as Fastify lists them. */
  path: string;
}

/**
 * The server's routes from Fastify's `printRoutes({ commonPrefix: false })` tree: each line is a
 * path segment under its parent (4 characters of indentation a level) with its methods.
 */
export function routesFromPrintout(printout: string): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  const stack: string[] = [];
  for (const line of printout.split('\n')) {
    const marker = line.search(/[├└]── /);
    if (marker < 0) continue;
    const depth = Math.floor(marker / 4);
    const match = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(marker + 4));
    if (!match) continue;
    const full = (stack[depth - 1] ?? '') + (match[1] ?? '');
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (match[2] ?? '').split(',')) {
      if (method.trim()) routes.push({ method: method.trim(), path: full });
    }
  }
  return routes;
}

/** Every REST path the sdk knows (string constants of the *_PATHS tables). */
export function knownPaths(): string[] {
  const paths = new Set<string>();
  for (const [name, table] of Object.entries(sdk)) {
    if (!name.endsWith('_PATHS') || typeof table !== 'object' || table === null) continue;
    for (const value of Object.values(table)) {
      if (typeof value === 'string' && value.startsWith('/')) paths.add(value);
    }
  }
  return [...paths].sort();
}

const PATH_TEMPLATES = [
  '/accounts/profile/{}/',
  '/accounts/users/{}/',
  '/posts/media/{}',
  '/chatmessage/files/{}',
  '/media/{}',
  '/accounts/{}/',
  '/{}',
  '/assets/{}',
  '/ws/chat/{}/',
];

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'image/png',
  '',
  '*/*',
  'application/json, text/html',
];

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

/** Percent-encodes every byte that is not unreserved; lone surrogates encode as U+FFFD. */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

function encodePathPart(random: SeededRandom, text: string): string {
  if (random.chance(0.2)) return percentEncode(text.replace(/[/?#%]/g, '')).replaceAll('%2f', '/');
  return percentEncode(text).slice(0, 4000);
}

function randomQuery(random: SeededRandom): string {
  const parts: string[] = [];
  const count = random.int(4);
  for (let i = 0; i < count; i += 1) {
    const key = random.chance(0.7)
      ? random.pick([
          'room_name',
          'before',
          'after_name',
          'after_id',
          'page',
          'q',
          'search',
          'message_id',
          'language',
          'token',
          'limit',
          'cursor',
        ])
      : randomString(random).slice(0, 20);
    const value = random.chance(0.1) ? '%zz' : percentEncode(randomString(random).slice(0, 2000));
    parts.push(`${percentEncode(key)}=${value}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function multipartBody(random: SeededRandom): Buffer {
  const roll = random.int(4);
  const parts: Buffer[] = [];
  const fields = random.int(4);
  for (let i = 0; i < fields; i += 1) {
    parts.push(
      Buffer.from(
        `--fuzz\r\nContent-Disposition: form-data; name="${random.pick(FIELD_NAMES)}"\r\n\r\n${randomString(random).slice(0, 3000)}\r\n`,
      ),
    );
  }
  if (random.chance(0.6)) {
    const field = random.pick(['file', 'audio', 'image', 'profile_image', 'x']);
    const name = random.chance(0.2) ? 'a\u0000.png' : random.pick(['a.png', 'v.webm', '', 'x"y']);
    parts.push(
      Buffer.from(
        `--fuzz\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${random.pick(['image/png', 'audio/webm', 'application/octet-stream'])}\r\n\r\n`,
      ),
      random.bytes(random.int(4096)),
      Buffer.from('\r\n'),
    );
  }
  if (roll === 0) return Buffer.concat(parts); // no closing boundary
  if (roll === 1) parts.push(Buffer.from('--fuzz\r\nbroken header\r\n\r\n'));
  parts.push(Buffer.from('--fuzz--\r\n'));
  return Buffer.concat(parts);
}

/** A route's path with its parameters filled in, often with something odd. */
function fillRoute(random: SeededRandom, path: string): string {
  const filled = path
    .replace(/:[A-Za-z_]+/g, () =>
      random.chance(0.5)
        ? String(random.int(50))
        : encodePathPart(random, randomString(random)) || 'x',
    )
    .replace('*', () => encodePathPart(random, randomString(random)));
  return random.chance(0.7) && !filled.endsWith('/') ? `${filled}/` : filled;
}

/**
 * A malformed (or odd) REST request; `auth` headers are added by the caller's choice. Most go to
 * a real route with its own method (`routes`, from the server), so they reach its validation;
 * the rest to the sdk's paths, junk paths and wrong methods.
 */
export function randomRequest(
  random: SeededRandom,
  paths: readonly string[],
  routes: readonly FuzzRoute[] = [],
): FuzzRequest {
  const roll = random.next();
  const route = routes.length > 0 && roll < 0.6 ? random.pick(routes) : null;
  let path = route
    ? fillRoute(random, route.path)
    : roll < 0.8
      ? random.pick(paths)
      : random.pick(PATH_TEMPLATES).replace('{}', encodePathPart(random, randomString(random)));
  if (random.chance(0.05)) path = path.replace(/\/$/, '');
  if (random.chance(0.05)) path = `${path}%zz/`;
  path += random.chance(0.4) ? randomQuery(random) : '';
  const method =
    route && random.chance(0.9)
      ? route.method
      : random.chance(0.8)
        ? random.pick(['GET', 'POST', 'PATCH', 'POST'])
        : random.pick(METHODS);
  const headers: Record<string, string> = {};
  let body: Buffer | string | undefined;
  if (method !== 'GET' && method !== 'HEAD' && random.chance(0.9)) {
    const type = random.pick(CONTENT_TYPES);
    if (type) headers['content-type'] = type;
    const roll = random.int(10);
    if (type.startsWith('multipart/') && roll < 8) body = multipartBody(random);
    else if (roll < 5) body = JSON.stringify(randomObject(random));
    else if (roll < 6) body = JSON.stringify(randomValue(random));
    else if (roll < 7)
      body = random.pick(['{', '{"a":1,}', '[', 'nul', '{"a":"\\u0000"}', '"\\ud800"']);
    else if (roll < 8) body = random.bytes(random.int(2048));
    else if (roll < 9) body = `{"x":"${'y'.repeat(70 * 1024)}"}`;
    else body = '';
  }
  if (random.chance(0.05)) headers.accept = 'text/html';
  return { method, path, headers, body };
}

/** Sends a frame as the fuzzer means it: text, bytes as a text frame, or binary. */
export function sendFrame(ws: WebSocket, frame: FuzzFrame): void {
  if (frame.kind === 'text') ws.send(frame.data);
  else if (frame.kind === 'raw-text') ws.send(frame.data, { binary: false });
  else ws.send(frame.data, { binary: true });
}

/** FUZZ_SEED from the environment, or a new one; printed so a failing run can be replayed. */
export function fuzzSeed(env: NodeJS.ProcessEnv): number {
  const given = env.FUZZ_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed)) throw new Error(`Invalid FUZZ_SEED: ${given}`);
    return seed >>> 0;
  }
  return Math.floor(Math.random() * 2 ** 32);
}

export function fuzzCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 0) throw new Error(`Invalid ${name}: ${text}`);
  return count;
}
