import type { ClientFrame, DeliveredReceiptsFrame, ServerFrame } from '@parley/chat-sdk';
import { chatSocketPath } from '@parley/chat-sdk';
import WebSocket from 'ws';
import { createAccessTokens } from '../../src/auth/accessTokens.js';
import { TEST_JWT_SECRET, type TestServer } from './testServer.js';

export interface ChatUser {
  id: number;
  username: string;
  token: string;
}

let counter = 0;

/** Inserts a user directly (no password hashing) and issues an access token for it. */
export async function createChatUser(
  server: TestServer,
  { language = 'Spanish', username }: { language?: string; username?: string } = {},
): Promise<ChatUser> {
  counter += 1;
  const name = username ?? `chatter${process.pid}_${counter}`;
  const result = await server.pglite.query<{ id: number }>(
    `insert into users (username, email, phone, gender, password_hash, language)
     values ($1, $2, '12345', 'OTHER', 'x', $3) returning id`,
    [name, `${name}@example.com`, language],
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('user insert returned nothing');
  return { id, username: name, token: await issueToken(id, name) };
}

export function issueToken(userId: number, username: string, ttlSeconds = 900): Promise<string> {
  const tokens = createAccessTokens(new TextEncoder().encode(TEST_JWT_SECRET), ttlSeconds);
  return tokens.issue({ userId, username });
}

export function socketUrl(server: TestServer, userId: number | string, token?: string): string {
  const base = server.url.replace(/^http/, 'ws');
  const path = chatSocketPath(0).replace('user_0', `user_${userId}`);
  return token === undefined
    ? `${base}${path}`
    : `${base}${path}?token=${encodeURIComponent(token)}`;
}

/** What a socket may receive: the sdk's frames, and those a socket asks for (SOCKET_FEATURES). */
export type WireFrame = ServerFrame | DeliveredReceiptsFrame;

type Matcher = (frame: WireFrame) => boolean;

/** A real ws client that records every frame, so tests can wait for the one they expect. */
/** How long a test waits for a frame that must arrive (benchmarks measure speed). */
export const FRAME_WAIT_MS = 10_000;

export class ChatClient {
  readonly frames: WireFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { match: Matcher; resolve: (frame: WireFrame) => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as WireFrame;
      const index = this.waiters.findIndex((w) => w.match(frame));
      if (index >= 0) {
        const [waiter] = this.waiters.splice(index, 1);
        waiter?.resolve(frame);
      } else {
        this.frames.push(frame);
      }
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
    ws.on('error', () => undefined);
  }

  static async connect(url: string, options: WebSocket.ClientOptions = {}): Promise<ChatClient> {
    const ws = new WebSocket(url, options);
    const client = new ChatClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  static open(server: TestServer, user: ChatUser): Promise<ChatClient> {
    return ChatClient.connect(socketUrl(server, user.id, user.token));
  }

  send(frame: ClientFrame | Record<string, unknown> | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /**
   * The next frame of a type (optionally matching), taken from what arrived or awaited. The wait is
   * a budget, not a speed claim: on a loaded CI runner a cross-instance frame took over 3 s.
   */
  next<T extends WireFrame['type']>(
    type: T,
    match: (frame: Extract<WireFrame, { type: T }>) => boolean = () => true,
    timeoutMs = FRAME_WAIT_MS,
  ): Promise<Extract<WireFrame, { type: T }>> {
    const matcher: Matcher = (f) => f.type === type && match(f as Extract<WireFrame, { type: T }>);
    const index = this.frames.findIndex(matcher);
    if (index >= 0) {
      const [frame] = this.frames.splice(index, 1);
      return Promise.resolve(frame as Extract<WireFrame, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        match: matcher,
        resolve: (frame: WireFrame) => {
          clearTimeout(timer);
          resolve(frame as Extract<WireFrame, { type: T }>);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Joins and returns the chat_history answer. */
  async join(roomName: string) {
    this.send({ type: 'join_room', room_name: roomName });
    return this.next('chat_history', (f) => f.room_name === roomName);
  }

  /** A ping answered by a pong: the socket and the server are alive. */
  async ping(): Promise<void> {
    this.send({ type: 'ping' });
    await this.next('pong');
  }

  /** Frames of a type that arrived and were not taken, after letting `ms` pass. */
  async unclaimed(type: WireFrame['type'], ms = 150): Promise<WireFrame[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.frames.filter((f) => f.type === type);
  }

  close(): void {
    this.ws.close();
  }
}
