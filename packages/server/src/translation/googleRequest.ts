import type { Translate } from '@google-cloud/translate/build/src/v2/index.js';
import type { EgressGuard } from '../http/egressGuard.js';

/**
 * The v2 client's one HTTP call, made through the egress guard. `@google-cloud/translate` sends
 * with teeny-request, which picks its own agent for every request (or a proxy's) and takes none
 * from its caller; the client's `request(reqOpts, callback)` is the one place all of translate,
 * detect and getLanguages pass through, so it is replaced on Parley's instance: same URL, key or
 * token, body and `{error: {code, message, errors}}` failures as the SDK's own, over the guard.
 */

interface V2Request {
  method?: string;
  uri: string;
  qs?: Record<string, unknown>;
  json?: unknown;
}

type V2Callback = (error: Error | null, body: unknown) => void;

interface V2Internals {
  request: (reqOpts: V2Request, callback: V2Callback) => void;
  baseUrl: string;
  key?: string;
  /** google-auth-library's GoogleAuth (service accounts, ADC): its token for the request. */
  authClient?: { getRequestHeaders(url?: string): Promise<unknown> };
}

/** Far above any answer a chat message or the language list makes. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function sendThroughGuard(client: Translate, egress: EgressGuard, timeoutMs: number): void {
  const internals = client as unknown as V2Internals;
  if (typeof internals.request !== 'function' || typeof internals.baseUrl !== 'string') {
    // Fail closed: an SDK that changed shape must not send around the guard.
    throw new Error('@google-cloud/translate changed: its requests cannot be guarded');
  }
  internals.request = (reqOpts, callback) => {
    send(internals, reqOpts, egress, timeoutMs).then(
      (body) => callback(null, body),
      (error: Error) => callback(error, null),
    );
  };
}

async function send(
  client: V2Internals,
  reqOpts: V2Request,
  egress: EgressGuard,
  timeoutMs: number,
): Promise<unknown> {
  const url = new URL(`${client.baseUrl}${reqOpts.uri}`);
  for (const [name, value] of Object.entries(reqOpts.qs ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (client.key) {
    url.searchParams.set('key', client.key);
  } else if (client.authClient) {
    // The token itself comes from Google's OAuth or metadata hosts, fetched by the auth library.
    const auth = new Headers(
      (await client.authClient.getRequestHeaders(url.toString())) as HeadersInit,
    );
    auth.forEach((value, name) => {
      headers[name] = value;
    });
  }
  let body: Buffer | undefined;
  if (reqOpts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = Buffer.from(JSON.stringify(reqOpts.json));
  }
  const response = await egress.request(url.toString(), {
    method: reqOpts.method ?? 'GET',
    headers,
    body,
    timeoutMs,
    maxResponseBytes: MAX_ANSWER_BYTES,
    // The endpoint is the operator's (GOOGLE_CLOUD_TRANSLATE_ENDPOINT), whichever its scheme.
    allowHttp: true,
  });
  let parsed: { error?: { code?: number; message?: string; errors?: unknown[] } } | null = null;
  try {
    parsed = JSON.parse(response.body.toString('utf8'));
  } catch {
    parsed = null;
  }
  const failed = response.status < 200 || response.status > 299;
  if (parsed?.error || failed || parsed === null) {
    const error = parsed?.error ?? {};
    throw Object.assign(new Error(error.message ?? `HTTP ${response.status}`), {
      code: error.code ?? response.status,
      errors: error.errors ?? [],
    });
  }
  return parsed;
}
