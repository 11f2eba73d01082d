import WebSocket from 'ws';

/**
 * A client written from the product spec's section 7 alone: plain `fetch` and `ws`, literal
 * paths, spec-shaped bodies and frames. Nothing here imports @parley/chat-sdk, so a contract test
 * fails when the server drifts from the spec even if the sdk drifts the same way.
 */

export interface SpecResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** One browser: cookies kept, the CSRF token fetched at start and sent Django's way. */
export class SpecHttp {
  private readonly cookies = new Map<string, string>();
  private csrfToken = '';
  accessToken = '';

  constructor(readonly baseUrl: string) {}

  /** GET /accounts/csrf/ (credentials): csrfToken is read. */
  async fetchCsrf(): Promise<SpecResponse> {
    const response = await this.call('GET', '/accounts/csrf/');
    this.csrfToken = String(response.body.csrfToken ?? '');
    return response;
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: Record<string, unknown> | FormData,
  ): Promise<SpecResponse<T>> {
    const headers: Record<string, string> = {};
    if (this.accessToken) headers.authorization = `Bearer ${this.accessToken}`;
    if (this.csrfToken) headers['X-CSRFToken'] = this.csrfToken;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
    const text = await response.text();
    let parsed: unknown = {};
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { text };
      }
    }
    return { status: response.status, body: parsed as T };
  }
}

let counter = 0;

/** Spec §7 registration payload for a fresh person. */
export function registration(language = 'Spanish') {
  counter += 1;
  const username = `spec_${process.pid}_${counter}`;
  return {
    username,
    email: `${username}@example.com`,
    phone: '+34 600 000 000',
    password: 'correct horse battery',
    language,
    gender: 'OTHER',
  };
}

export interface SpecUser {
  http: SpecHttp;
  id: number;
  username: string;
  token: string;
}

/** Registers through POST /accounts/register/ and keeps the access token it answers. */
export async function registerSpecUser(baseUrl: string, language = 'Spanish'): Promise<SpecUser> {
  const http = new SpecHttp(baseUrl);
  await http.fetchCsrf();
  const payload = registration(language);
  const response = await http.call('POST', '/accounts/register/', payload);
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`register answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  http.accessToken = String(response.body.access_token);
  return {
    http,
    id: Number(response.body.user_id),
    username: String(response.body.user_name),
    token: http.accessToken,
  };
}

type Frame = Record<string, unknown> & { type: string };

/** Spec §7 socket: {API host}/ws/chat/user_{id}/?token={token}, JSON frames with a type. */
export class SpecSocket {
  readonly frames: Frame[] = [];
  private waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      const index = this.waiters.findIndex((waiter) => waiter.match(frame));
      if (index >= 0) this.waiters.splice(index, 1)[0]?.resolve(frame);
      else this.frames.push(frame);
    });
    ws.on('error', () => undefined);
  }

  /** `query`: more of the URL's query after the token, e.g. '&features=grouped_receipts'. */
  static async open(
    baseUrl: string,
    user: Pick<SpecUser, 'id' | 'token'>,
    query = '',
  ): Promise<SpecSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws/chat/user_${user.id}/?token=${encodeURIComponent(user.token)}${query}`;
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new SpecSocket(ws);
  }

  send(frame: Frame): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The next frame of `type` matching `match`, already received or awaited. */
  next(type: string, match: (frame: Frame) => boolean = () => true, ms = 10_000): Promise<Frame> {
    const matcher = (frame: Frame) => frame.type === type && match(frame);
    const index = this.frames.findIndex(matcher);
    if (index >= 0) return Promise.resolve(this.frames.splice(index, 1)[0] as Frame);
    return new Promise((resolve, reject) => {
      const waiter = {
        match: matcher,
        resolve: (frame: Frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(this.frames)}`));
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** Frames of `type` that arrived unclaimed after `ms`. */
  async unclaimed(type: string, ms = 200): Promise<Frame[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.frames.filter((frame) => frame.type === type);
  }

  close(): void {
    this.ws.close();
  }
}

/** The fields of spec §3's chat message entity, every one present on an incoming message. */
export const SPEC_MESSAGE_FIELDS = [
  'sender_id',
  'sender_username',
  'sender_profile_image',
  'message',
  'file_type',
  'file_url',
  'audio_url',
  'file_name',
  'timestamp',
  'transcript',
] as const;

/**
 * Makes `from` and `to` connections through the spec's own calls (request, then accept), as a spec
 * client would; throws with the answer when either is refused.
 */
export async function connectSpecUsers(from: SpecUser, to: SpecUser): Promise<void> {
  const request = await from.http.call('POST', '/connections/request/', {
    from_user: from.id,
    to_user: to.id,
  });
  if (request.status !== 201) {
    throw new Error(`connection request: ${request.status} ${JSON.stringify(request.body)}`);
  }
  const accept = await to.http.call('POST', '/connections/accept/', {
    to_user: from.id,
    status: 'pending',
  });
  if (accept.status !== 200) {
    throw new Error(`connection accept: ${accept.status} ${JSON.stringify(accept.body)}`);
  }
}
