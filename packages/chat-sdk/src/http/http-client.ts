import { ApiError, NetworkError } from '../errors';
import { interfaceLocale } from '../i18n/interface-locale';
import type { Logger } from '../logger';
import type { CsrfResponse, RefreshResponse } from '../protocol/accounts';
import { CSRF_FAILURE_DETAIL } from '../protocol/errors';
import { ACCOUNT_PATHS, CSRF_HEADER } from '../protocol/paths';
import { parseResponseBody } from './response-body';
import {
  defaultUploadTransport,
  type UploadResponse,
  type UploadTransport,
} from './upload-transport';
import { isSessionEndpoint, joinUrl } from './urls';

/** Gateway answers that mean the server itself was not reached (a proxy before a restarting server). */
const UNREACHED_STATUSES = new Set([502, 503, 504]);

/** The refresh never reached a server that could judge the refresh token. */
function isUnanswered(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    isAbort(error) ||
    (error instanceof ApiError && UNREACHED_STATUSES.has(error.status))
  );
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const SAFE_METHODS = new Set<HttpMethod>(['GET']);

/** How the request core reads and changes the session it authenticates with. */
export interface SessionHooks {
  getAccessToken(): string | null;
  setAccessToken(token: string): void;
  /** The refresh failed: clear the session and tell the application. */
  expire(): void;
  /** Changes when a session starts or ends: a refresh begun before must not touch the new one. */
  generation(): number;
}

export interface HttpClientOptions {
  apiUrl: string;
  fetch?: typeof fetch | undefined;
  uploadTransport?: UploadTransport | undefined;
  session: SessionHooks;
  logger: Logger;
}

export interface RequestOptions {
  method?: HttpMethod;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body; sent through the upload transport so progress can be reported. */
  form?: FormData;
  onUploadProgress?: (percent: number) => void;
  /** Send the session's bearer token (default true). */
  bearer?: boolean;
  /** Authenticate with this token instead of the session's; a 401 is then final. */
  accessToken?: string;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  body: unknown;
}

/**
 * The request core every REST call goes through: base URL, cookies, bearer, CSRF header on unsafe
 * calls, error mapping, and the 401 rule (one shared refresh, one replay, never a loop).
 */
export class HttpClient {
  private csrfToken: string | null = null;
  private csrfInFlight: Promise<string> | undefined;
  private refreshInFlight: Promise<string> | undefined;

  constructor(private readonly options: HttpClientOptions) {}

  url(path: string): string {
    return joinUrl(this.options.apiUrl, path);
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = this.url(path);
    const method = options.method ?? 'GET';
    const unsafe = !SAFE_METHODS.has(method);
    const mayRefresh = options.accessToken === undefined && !isSessionEndpoint(url);
    let csrfRetried = false;
    let refreshed = false;

    for (;;) {
      if (unsafe) await this.ensureCsrf();
      const token =
        options.accessToken ??
        (options.bearer === false ? null : this.options.session.getAccessToken());
      const response = await this.send(url, method, options, token);
      if (response.status >= 200 && response.status < 300) return response.body as T;

      const error = new ApiError(response.status, response.body);
      if (
        response.status === 403 &&
        unsafe &&
        !csrfRetried &&
        error.detail === CSRF_FAILURE_DETAIL
      ) {
        csrfRetried = true;
        try {
          await this.fetchCsrf();
        } catch {
          throw error;
        }
        continue;
      }
      if (response.status === 401 && mayRefresh && !refreshed) {
        refreshed = true;
        const current = this.options.session.getAccessToken();
        // Another caller already refreshed while this request was in flight: just replay.
        if (options.bearer === false || current === null || current === token) {
          try {
            await this.refresh();
          } catch {
            throw error;
          }
        }
        continue;
      }
      throw error;
    }
  }

  /**
   * A new access token. Single-flight: every caller during a refresh shares it. On failure the
   * session is cleared and 'session:expired' is emitted once, whatever the number of callers.
   */
  refresh(): Promise<string> {
    this.refreshInFlight ??= this.runRefresh().finally(() => {
      this.refreshInFlight = undefined;
    });
    return this.refreshInFlight;
  }

  /**
   * A CSRF token from the server, kept for later unsafe calls. Callers share a fetch in flight,
   * unless `fresh` asks for a new request (registration fetches its own, spec §7).
   */
  fetchCsrf(fresh = false): Promise<string> {
    if (this.csrfInFlight && !fresh) return this.csrfInFlight;
    const fetching: Promise<string> = this.request<CsrfResponse>(ACCOUNT_PATHS.csrf, {
      bearer: false,
    })
      .then((body) => {
        if (typeof body?.csrfToken !== 'string') throw new ApiError(200, body);
        this.csrfToken = body.csrfToken;
        return body.csrfToken;
      })
      .finally(() => {
        if (this.csrfInFlight === fetching) this.csrfInFlight = undefined;
      });
    this.csrfInFlight = fetching;
    return fetching;
  }

  private async runRefresh(): Promise<string> {
    const { session } = this.options;
    const generation = session.generation();
    try {
      const body = await this.request<RefreshResponse>(ACCOUNT_PATHS.refresh, {
        method: 'POST',
        json: {},
        bearer: false,
      });
      if (typeof body?.access !== 'string' || body.access === '') {
        throw new ApiError(200, body);
      }
      // Signed out (or in as someone else) meanwhile: the new token belongs to no current session.
      if (session.generation() === generation) session.setAccessToken(body.access);
      return body.access;
    } catch (error) {
      if (session.generation() !== generation) throw error;
      if (isUnanswered(error)) {
        // No answer is not a refusal: a page that navigates or reloads aborts this request (the
        // next page refreshes again), and so does a dropped network or a restarting server. The
        // session stays; the caller gets the error and the next call tries again.
        this.options.logger.warn(
          '[parley] token refresh got no answer; the session is kept',
          error,
        );
        throw error;
      }
      this.options.logger.warn('[parley] token refresh failed; the session is cleared', error);
      this.options.session.expire();
      throw error;
    }
  }

  /** Unsafe calls carry the CSRF header: fetch the token first when none is known yet. */
  private async ensureCsrf(): Promise<void> {
    if (this.csrfToken !== null) return;
    try {
      await this.fetchCsrf();
    } catch (error) {
      this.options.logger.warn('[parley] could not fetch a CSRF token', error);
    }
  }

  private headers(method: HttpMethod, token: string | null): Record<string, string> {
    // Issue 27: the server writes its user-facing details (and stored push texts) in the locale
    // the interface speaks now; a spec-only backend ignores the header and answers in English.
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': interfaceLocale(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (!SAFE_METHODS.has(method) && this.csrfToken !== null) headers[CSRF_HEADER] = this.csrfToken;
    return headers;
  }

  private async send(
    url: string,
    method: HttpMethod,
    options: RequestOptions,
    token: string | null,
  ): Promise<RawResponse> {
    const headers = this.headers(method, token);
    if (options.form) {
      const transport = this.options.uploadTransport ?? defaultUploadTransport();
      if (transport) {
        const response = await this.upload(transport, url, method, headers, options);
        return {
          status: response.status,
          body: parseResponseBody(response.body, response.contentType),
        };
      }
    }
    let body: BodyInit | undefined;
    if (options.form) {
      body = options.form;
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    }
    const fetchFn = this.options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchFn(url, {
        method,
        headers,
        body: body ?? null,
        credentials: 'include',
        signal: options.signal ?? null,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NetworkError(error);
    }
    const text = await response.text().catch(() => '');
    return {
      status: response.status,
      body: parseResponseBody(text, response.headers.get('Content-Type')),
    };
  }

  private async upload(
    transport: UploadTransport,
    url: string,
    method: HttpMethod,
    headers: Record<string, string>,
    options: RequestOptions & { form?: FormData },
  ): Promise<UploadResponse> {
    try {
      return await transport({
        url,
        method,
        headers,
        body: options.form as FormData,
        ...(options.onUploadProgress ? { onProgress: options.onUploadProgress } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (error instanceof NetworkError || isAbort(error)) throw error;
      throw new NetworkError(error);
    }
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
