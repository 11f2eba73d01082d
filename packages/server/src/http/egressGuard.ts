import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * The one way the server makes an outbound request for a user (Web Push endpoints, link previews
 * in src/chat/linkPreviewFetcher.ts, the hosted translation engines, whose SDKs are handed
 * this guard's agents, LanguageTool and the OpenAI-compatible voice services): the URL comes from a person, so the server must not be
 * steered into its own network. Names are resolved and every address is checked when the socket
 * connects (request-filtering-agent), so DNS rebinding and names like `LOCALHOST.`,
 * `127.0.0.1.nip.io` or `localtest.me` fail even though their text looks public; redirects are
 * never followed; each request has a time and a response-size limit.
 */

/** Why the guard refused a request (the URL or the address it resolved to). */
export class EgressRefused extends Error {
  override readonly name = 'EgressRefused';
}

/**
 * Tests only: the guard may reach loopback (127.0.0.1, ::1) over plain HTTP, for stand-ins of
 * push services. It is a value made by `testOnlyLoopbackAllowance()`, never read from the
 * environment, and refused outright when NODE_ENV=production, so a production start cannot switch
 * it on by a stray setting.
 */
export interface LoopbackAllowance {
  readonly testOnlyLoopback: true;
}

export function testOnlyLoopbackAllowance(): LoopbackAllowance {
  assertNotProduction();
  return { testOnlyLoopback: true };
}

function assertNotProduction(): void {
  if (process.env.NODE_ENV === 'production') {
    throw new Error(
      'The test-only loopback egress allowance cannot be used with NODE_ENV=production.',
    );
  }
}

export interface EgressGuardOptions {
  allowance?: LoopbackAllowance;
  /** Name resolution (default the system's); tests point names at chosen addresses. */
  lookup?: LookupFunction;
  /**
   * Hosts the operator runs engines on in their own network (ENGINE_PRIVATE_HOSTS, older name
   * TRANSLATION_PRIVATE_HOSTS): connections to exactly these names or IP literals may reach
   * private and loopback addresses. Only the engines' guard has them (`forEngines`), never the
   * one for people's URLs.
   */
  privateHosts?: readonly string[];
  /**
   * Keep connections open between requests (the engines' guard: one provider, many messages).
   * Addresses are checked when a connection is made, so a reused one was checked too.
   */
  keepAlive?: boolean;
}

export interface EgressRequest {
  method?: string;
  headers?: Record<string, string | number>;
  body?: Uint8Array;
  /** The whole request, connect to last byte. */
  timeoutMs: number;
  /** The caller's own cancellation (a translation the router stopped waiting for). */
  signal?: AbortSignal;
  /** Larger answers are cut off and the request fails (unless `truncate`). */
  maxResponseBytes: number;
  /** Keep the first `maxResponseBytes` of a larger answer instead of failing (a page's head). */
  truncate?: boolean;
  /**
   * Plain http:// too (link previews: a page is public whichever scheme serves it). Everything else
   * holds as for https: address checks, no credentials, limits. Push endpoints stay HTTPS only.
   */
  allowHttp?: boolean;
  /**
   * Seen with the status and headers before any body is read: false answers with an empty body
   * and closes the connection (a link preview wants no 50 MB video it cannot use).
   */
  accept?: (status: number, headers: http.IncomingHttpHeaders) => boolean;
}

export interface EgressResponse {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  /** The body stopped at `maxResponseBytes` (only with `truncate`). */
  truncated?: boolean;
}

/**
 * Why the server must not connect to this address, or null when it may: only global unicast
 * addresses are allowed (not loopback, private 10/8 172.16/12 192.168/16 fc00::/7, link-local,
 * shared 100.64/10, multicast, unspecified, reserved, documentation or IPv4-mapped forms of them).
 * The same rule request-filtering-agent applies at connect time.
 */
export function egressAddressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  return range === 'unicast' ? null : `${range} address`;
}

const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'];

/** `localhost`, `x.localhost`, with or without the root's trailing dot, in any case. */
const LOCAL_NAME = /^(localhost|.+\.localhost|localhost\.localdomain)$/i;

/** A host as the agent and the URL name it: lower case, no brackets, no root dot. */
function hostKey(host: string): string {
  return host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

type ConnectionListener = (error: Error | null, socket: Duplex) => void;

/**
 * The filtering agents, except that a connection to one of `privateHosts` is made as a plain
 * agent makes it (the operator's own engine on 127.0.0.1 or 10.x); every other host is checked.
 */
function guardAgents(
  filter: { allowIPAddressList: string[]; keepAlive: boolean },
  privateHosts: ReadonlySet<string>,
): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  const isPrivate = (options: { host?: string | null }) =>
    privateHosts.size > 0 &&
    typeof options.host === 'string' &&
    privateHosts.has(hostKey(options.host));
  class HttpAgent extends RequestFilteringHttpAgent {
    override createConnection(options: net.TcpNetConnectOpts, listener?: ConnectionListener) {
      // What http.Agent does by default; the agent takes the socket it returns.
      return isPrivate(options)
        ? net.createConnection(options)
        : super.createConnection(options, listener);
    }
  }
  // https.Agent's own createConnection (TLS, sessions), as the filtering agent would call it.
  const tlsConnection = (
    https.Agent.prototype as unknown as {
      createConnection: (this: https.Agent, ...args: unknown[]) => Duplex;
    }
  ).createConnection;
  class HttpsAgent extends RequestFilteringHttpsAgent {
    override createConnection(options: net.TcpNetConnectOpts, listener?: ConnectionListener) {
      return isPrivate(options)
        ? tlsConnection.call(this, options)
        : super.createConnection(options, listener);
    }
  }
  return { httpAgent: new HttpAgent(filter), httpsAgent: new HttpsAgent(filter) };
}

export class EgressGuard {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly privateHosts: ReadonlySet<string>;

  constructor(private readonly options: EgressGuardOptions = {}) {
    if (options.allowance) assertNotProduction();
    const filter = {
      allowIPAddressList: options.allowance?.testOnlyLoopback ? LOOPBACK_ADDRESSES : [],
      keepAlive: options.keepAlive === true,
    };
    this.privateHosts = new Set((options.privateHosts ?? []).map(hostKey));
    ({ httpAgent: this.httpAgent, httpsAgent: this.httpsAgent } = guardAgents(
      filter,
      this.privateHosts,
    ));
  }

  /**
   * The same guard for the engines (translation, corrections, voice): the operator's own hosts
   * let through (ENGINE_PRIVATE_HOSTS) and connections kept open between messages, as the SDKs'
   * own agents did. Its idle connections do not hold the process open.
   */
  forEngines(privateHosts: readonly string[]): EgressGuard {
    return new EgressGuard({ ...this.options, privateHosts, keepAlive: true });
  }

  /**
   * The agents for an SDK that makes its own requests (the hosted translation engines): each address is
   * checked when the socket connects, as for `request`. Hand them over with redirects off.
   */
  agents(): { httpAgent: http.Agent; httpsAgent: https.Agent } {
    return { httpAgent: this.httpAgent, httpsAgent: this.httpsAgent };
  }

  /** The agent for this URL's scheme. */
  agentFor(url: string): http.Agent {
    return url.startsWith('http://') ? this.httpAgent : this.httpsAgent;
  }

  /**
   * The early check of a URL a person hands us (e.g. a push subscription), without resolving it:
   * why it is refused, or null. HTTPS only, no credentials, and no host that is obviously internal
   * (an IP literal outside global unicast, `localhost` in any spelling, a single-label name). The
   * connect-time check still applies to what passes. `allowHttp` lets http:// through the same
   * checks (link previews).
   */
  urlRefusal(text: string, options: { allowHttp?: boolean } = {}): string | null {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'not a URL';
    }
    if (url.username || url.password) return 'credentials in the URL';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (this.privateHosts.has(hostKey(host))) {
      return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not HTTP(S)';
    }
    const literal = ipaddr.isValid(host);
    if (this.options.allowance && literal && LOOPBACK_ADDRESSES.includes(host)) {
      return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not HTTP(S)';
    }
    const scheme = options.allowHttp ? ['https:', 'http:'] : ['https:'];
    if (!scheme.includes(url.protocol)) return options.allowHttp ? 'not HTTP(S)' : 'not HTTPS';
    if (literal) return egressAddressRefusal(host);
    const name = host.replace(/\.$/, '');
    if (LOCAL_NAME.test(name)) return 'a local name';
    if (!name.includes('.')) return 'a single-label name';
    return null;
  }

  /**
   * One request through the guard. Rejects with EgressRefused when the URL or an address its name
   * resolves to is not allowed; a redirect is answered as it is (its status), never followed.
   */
  request(text: string, init: EgressRequest): Promise<EgressResponse> {
    const refusal = this.urlRefusal(text, { allowHttp: init.allowHttp === true });
    if (refusal) return Promise.reject(new EgressRefused(`egress refused: ${refusal}`));
    const url = new URL(text);
    const secure = url.protocol === 'https:';
    const send = secure ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const request = send(url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        agent: secure ? this.httpsAgent : this.httpAgent,
        // request-filtering-agent wraps this lookup and checks what it answers.
        ...(this.options.lookup ? { lookup: this.options.lookup } : {}),
        signal: init.signal
          ? AbortSignal.any([init.signal, AbortSignal.timeout(init.timeoutMs)])
          : AbortSignal.timeout(init.timeoutMs),
      });
      request.on('error', (error) => {
        // The agent's refusals are plain Errors saying "is not allowed"; name them.
        reject(/is not allowed/.test(error.message) ? new EgressRefused(error.message) : error);
      });
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const headers = response.headers;
        if (init.accept && !init.accept(status, headers)) {
          resolve({ status, headers, body: Buffer.alloc(0) });
          request.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > init.maxResponseBytes) {
            if (init.truncate) {
              const kept = chunk.subarray(0, chunk.length - (size - init.maxResponseBytes));
              chunks.push(kept);
              resolve({ status, headers, body: Buffer.concat(chunks), truncated: true });
            } else {
              reject(new Error('egress: response too large'));
            }
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      request.end(init.body ? Buffer.from(init.body) : undefined);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
