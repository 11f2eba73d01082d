import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { privateRoomName } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fuzzCount,
  fuzzSeed,
  knownPaths,
  randomFrame,
  randomRequest,
  routesFromPrintout,
  SeededRandom,
  sendFrame,
} from '../fuzz/fuzzer.js';
import {
  ChatClient,
  type ChatUser,
  createChatUser,
  type WireFrame,
} from './support/chatClients.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The fuzzer against the real server (fuzz/fuzzer.ts): malformed socket frames and REST requests
// while a well-behaved pair keeps chatting. A short run here; `pnpm fuzz` runs the full one
// (FUZZ_FRAMES=10000, FUZZ_REQUESTS=2000). FUZZ_SEED replays a run.

const SEED = fuzzSeed(process.env);
const FRAMES = fuzzCount(process.env, 'FUZZ_FRAMES', 1000);
const REQUESTS = fuzzCount(process.env, 'FUZZ_REQUESTS', 300);
// Frames go out in small batches, each followed by a ping whose pong shows the socket (and the
// server) still answering; batches are paced under the per-person frame budget (20 frames/s), so
// most frames reach their handlers rather than the rate limiter.
const FRAME_WORKERS = 4;
const BATCH = 8;
const BATCH_PACE_MS = 450;
const REQUEST_WORKERS = 4;
// A budget for a loaded 2-core runner, not a speed claim.
const RUN_BUDGET_MS =
  60_000 + (FRAMES / (FRAME_WORKERS * BATCH)) * (BATCH_PACE_MS + 500) + REQUESTS * 200;

console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_FRAMES=${FRAMES} FUZZ_REQUESTS=${REQUESTS}`);

/** FUZZ_TRACE=<file>: one line per request (time, status, request), to find what is slow. */
function trace(line: string): void {
  if (process.env.FUZZ_TRACE) appendFileSync(process.env.FUZZ_TRACE, `${line}\n`);
}

/** Every line the server logged (pino JSON). */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n')) {
      if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
    }
    callback();
  },
});

let server: TestServer;
let ana: ChatUser;
let ben: ChatUser;
const fuzzers: ChatUser[] = [];
// Separate people for REST: a fuzzed logout or account change must not cut the socket fuzzers off.
const requesters: ChatUser[] = [];
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ logger: { level: 'info', stream: logStream } });
  ana = await createChatUser(server);
  ben = await createChatUser(server);
  for (let i = 0; i < FRAME_WORKERS; i += 1) fuzzers.push(await createChatUser(server));
  for (let i = 0; i < REQUEST_WORKERS; i += 1) requesters.push(await createChatUser(server));
});
afterAll(async () => {
  for (const client of open) client.close();
  await server?.close();
});

async function connect(user: ChatUser): Promise<ChatClient> {
  const client = await ChatClient.open(server, user);
  open.push(client);
  return client;
}

interface Findings {
  internalErrors: WireFrame[];
  unansweredPings: string[];
  unanswered: string[];
  serverErrors: string[];
  notDetail: string[];
  framesSent: number;
  requestsSent: number;
  socketCloses: Record<string, number>;
  statuses: Record<string, number>;
}

/** One fuzzing person's socket: batches of malformed frames, each batch ended by a ping. */
async function fuzzFrames(
  user: ChatUser,
  random: SeededRandom,
  count: number,
  findings: Findings,
): Promise<void> {
  const self = { id: user.id, peerId: ben.id, room: privateRoomName(user.id, ben.id) };
  let client = await connect(user);
  let sent = 0;
  while (sent < count) {
    const started = Date.now();
    for (let i = 0; i < BATCH && sent < count; i += 1, sent += 1) {
      sendFrame(client.ws, randomFrame(random, self));
      findings.framesSent += 1;
    }
    // The server closes a socket for a frame it cannot read at all (invalid UTF-8: 1007, too
    // large: 1009) or a flood (1008): that is an answer too; the fuzzer reconnects.
    const closed = await Promise.race([
      client.closed,
      (async () => {
        client.send({ type: 'ping' });
        // A budget for a loaded runner (the server shares this process and its cores with the
        // fuzzer), not a speed claim: a ping still unanswered after it is a finding.
        await client.next('pong', () => true, 60_000);
        return null;
      })().catch(() => 'no pong' as const),
    ]);
    if (closed === 'no pong') {
      const after = await Promise.race([client.closed, sleep(100).then(() => null)]);
      if (!after) findings.unansweredPings.push(`user ${user.id} after ${sent} frames`);
      else findings.socketCloses[after.code] = (findings.socketCloses[after.code] ?? 0) + 1;
    } else if (closed) {
      findings.socketCloses[closed.code] = (findings.socketCloses[closed.code] ?? 0) + 1;
    }
    findings.internalErrors.push(
      ...client.frames.filter((f) => f.type === 'error' && f.code === 'internal_error'),
    );
    client.frames.length = 0;
    if (closed !== null) {
      client.close();
      client = await connect(user);
    }
    const wait = BATCH_PACE_MS - (Date.now() - started);
    if (wait > 0) await sleep(wait);
  }
  client.close();
}

/** One worker sending malformed REST requests, some signed in as a fuzzing person. */
async function fuzzRequests(
  user: ChatUser,
  random: SeededRandom,
  count: number,
  findings: Findings,
): Promise<void> {
  const paths = knownPaths();
  const routes = routesFromPrintout(server.app.printRoutes({ commonPrefix: false }));
  let csrf: { cookie: string; token: string } | null = null;
  for (let i = 0; i < count; i += 1) {
    const request = randomRequest(random, paths, routes);
    const headers = { ...request.headers };
    const auth = random.int(10);
    if (auth < 6) headers.authorization = `Bearer ${user.token}`;
    else if (auth < 8) {
      if (!csrf) {
        const response = await fetch(`${server.url}/accounts/csrf/`);
        const token = ((await response.json()) as { csrfToken: string }).csrfToken;
        csrf = { token, cookie: `csrftoken=${token}` };
      }
      headers.cookie = csrf.cookie;
      headers['x-csrftoken'] = csrf.token;
    } else if (auth < 9) headers.authorization = `Bearer ${random.pick(['x', 'a.b.c', '\u00ff'])}`;
    const label = `${request.method} ${request.path.slice(0, 200)}`;
    const startedAt = Date.now();
    findings.requestsSent += 1;
    try {
      const response = await fetch(`${server.url}${request.path}`, {
        method: request.method,
        headers,
        body: request.body as BodyInit | undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      trace(`${Date.now() - startedAt} ms ${response.status} ${label.slice(0, 150)}`);
      findings.statuses[response.status] = (findings.statuses[response.status] ?? 0) + 1;
      // 503 {detail} is a feature this server is not set up for (Drive, payments): an answer.
      if (response.status >= 500 && response.status !== 503)
        findings.serverErrors.push(`${label} → ${response.status} ${text}`);
      const type = response.headers.get('content-type') ?? '';
      // The test checkout is a page for people (billing/testCheckoutPage.ts): its refusals are
      // HTML pages by design. Every other error is the API's JSON shape.
      const page =
        type.startsWith('text/html') && request.path.startsWith('/accounts/test-checkout/');
      if (response.status >= 400 && request.method !== 'HEAD' && !page) {
        const body = type.includes('application/json') ? (JSON.parse(text) as unknown) : null;
        const shaped =
          body !== null &&
          typeof body === 'object' &&
          Object.values(body as object).every((v) => typeof v === 'string' || Array.isArray(v));
        if (!shaped) findings.notDetail.push(`${label} → ${response.status} ${text.slice(0, 200)}`);
      }
    } catch (error) {
      findings.unanswered.push(`${label}: ${(error as Error).message}`);
    }
  }
}

describe('fuzzing the socket and the REST API', () => {
  it(
    `answers every malformed frame and request, never 500, never crashes, no stack logged for a client's mistake, and a pair keeps chatting (seed ${SEED})`,
    async () => {
      const findings: Findings = {
        internalErrors: [],
        unansweredPings: [],
        unanswered: [],
        serverErrors: [],
        notDetail: [],
        framesSent: 0,
        requestsSent: 0,
        socketCloses: {},
        statuses: {},
      };
      // The event loop's worst stall during the run, printed with the figures (the server and the
      // fuzzer share it): tells a slow machine from a server that blocks.
      const loopDelay = monitorEventLoopDelay({ resolution: 20 });
      loopDelay.enable();
      const anaSocket = await connect(ana);
      const benSocket = await connect(ben);
      const room = privateRoomName(ana.id, ben.id);
      await anaSocket.join(room);
      await benSocket.join(room);

      let fuzzing = true;
      let sentByPair = 0;
      let deliveredToPair = 0;
      const late: string[] = [];
      const chatting = (async () => {
        while (fuzzing || sentByPair === 0) {
          const clientId = `pair-${sentByPair}`;
          anaSocket.send({
            type: 'chat_message',
            client_id: clientId,
            message: `hello ${sentByPair}`,
            sender_id: ana.id,
            room_name: room,
          });
          sentByPair += 1;
          try {
            await benSocket.next('chat_message', (f) => f.client_id === clientId);
            deliveredToPair += 1;
          } catch {
            // Not within the usual wait (a loaded runner): checked again at the end.
            late.push(clientId);
          }
          // A person types at human speed; the pair stays well inside its own frame budget.
          await sleep(200);
        }
      })();

      const perWorker = Math.ceil(FRAMES / FRAME_WORKERS);
      const perRequester = Math.ceil(REQUESTS / REQUEST_WORKERS);
      await Promise.all([
        ...fuzzers.map((user, index) =>
          fuzzFrames(
            user,
            new SeededRandom(SEED + index),
            Math.min(perWorker, FRAMES - index * perWorker),
            findings,
          ),
        ),
        ...requesters.map((user, index) =>
          fuzzRequests(
            user,
            new SeededRandom(SEED + 1000 + index),
            Math.max(0, Math.min(perRequester, REQUESTS - index * perRequester)),
            findings,
          ),
        ),
      ]);
      fuzzing = false;
      await chatting;
      // Every message of the pair arrives, late or not, and none was refused.
      await vi.waitFor(
        () => {
          const arrived = new Set(
            benSocket.frames.flatMap((f) => (f.type === 'chat_message' ? [f.client_id] : [])),
          );
          expect(late.filter((id) => !arrived.has(id))).toEqual([]);
        },
        { timeout: 60_000, interval: 500 },
      );
      deliveredToPair += late.length;
      const refusedToPair = anaSocket.frames.filter(
        (f) => f.type === 'error' && String(f.client_id ?? '').startsWith('pair-'),
      );

      for (const line of logLines) trace(`log ${JSON.stringify(line).slice(0, 600)}`);
      loopDelay.disable();
      const errorLogs = logLines.filter((line) => (line.level as number) >= 50);
      const stackLogs = logLines.filter((line) => JSON.stringify(line).includes('"stack"'));
      console.log(
        `fuzz: seed ${SEED}: ${findings.framesSent} frames, ${findings.requestsSent} requests; ` +
          `statuses ${JSON.stringify(findings.statuses)}; socket closes ${JSON.stringify(findings.socketCloses)}; ` +
          `pair ${deliveredToPair}/${sentByPair} delivered (${late.length} after more than 10 s); ` +
          `event loop stalled at most ${Math.round(loopDelay.max / 1e6)} ms`,
      );
      expect(findings.framesSent).toBeGreaterThanOrEqual(FRAMES);
      expect(findings.requestsSent).toBeGreaterThanOrEqual(REQUESTS);
      expect(findings.unanswered).toEqual([]);
      expect(findings.unansweredPings).toEqual([]);
      expect(findings.serverErrors).toEqual([]);
      expect(findings.notDetail).toEqual([]);
      expect(findings.internalErrors).toEqual([]);
      expect(errorLogs).toEqual([]);
      expect(stackLogs).toEqual([]);
      expect(refusedToPair).toEqual([]);
      expect(deliveredToPair).toBe(sentByPair);
      expect(sentByPair).toBeGreaterThan(0);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
    },
    RUN_BUDGET_MS,
  );
});
