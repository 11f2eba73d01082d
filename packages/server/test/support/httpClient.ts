import { CSRF_HEADER } from '@parley/chat-sdk';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Bearer access token. */
  token?: string;
  /** Send X-CSRFToken: true copies the cookie, a string sends that value instead. */
  csrf?: boolean | string;
  headers?: Record<string, string>;
}

/** fetch with a small cookie jar, so each client is one browser talking to the real server. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.csrf === true) headers[CSRF_HEADER] = this.cookies.get('csrftoken') ?? '';
    else if (typeof options.csrf === 'string') headers[CSRF_HEADER] = options.csrf;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string') {
      payload = body;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
    }
    if (payload !== undefined && !(body instanceof FormData) && !headers['content-type']) {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body: payload });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text) {
      parsed = JSON.parse(text);
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }

  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }

  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }

  /** GET /accounts/csrf/ and return the token (the cookie is kept in the jar). */
  async csrf(): Promise<string> {
    const response = await this.get<{ csrfToken: string }>('/accounts/csrf/');
    return response.body.csrfToken;
  }

  private storeCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some(
        (a) =>
          /^max-age=0$/i.test(a) ||
          (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
