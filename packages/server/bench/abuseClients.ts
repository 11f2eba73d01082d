/**
 * The clients of the abuse benchmark (abuse.bench.ts), each run in its own worker thread so
 * that neither the abuser's work nor the measuring shares the server's event loop: `probe` is the
 * well-behaved pair (message latency and short corrections), the others are one abuser each.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { chatSocketPath, privateRoomName, type ServerFrame } from '@parley/chat-sdk';
import WebSocket from 'ws';

export type ClientRole = 'probe' | 'flood' | 'corrections' | 'uploads';

export interface ClientPerson {
  id: number;
  token: string;
}

export interface ClientJob {
  role: ClientRole;
  port: number;
  /** The loopback source address this client uses (one per person, as people have). */
  localAddress: string;
  /** The one sending (probe: Alice; abusers: the abuser). */
  me: ClientPerson;
  /** The other side of the private room (probe: Bob, who measures; abusers: their partner). */
  partner: ClientPerson;
  /** Probe only: how long to measure. */
  measureMs?: number;
}

export interface ProbeResult {
  messageLatencies: number[];
  messagesSent: number;
  correctionLatencies: number[];
  correctionStatuses: Record<string, number>;
}

export interface AbuserResult {
  /** What the abuser got done, in words for the table. */
  summary: string;
}

/** Ten messages a second from Alice to Bob (half the socket's allowance). */
const PROBE_MESSAGE_INTERVAL_MS = 100;
/** A short check every half second at most: 120 a minute is the route's limit. */
const PROBE_CORRECTION_INTERVAL_MS = 500;
const PROBE_CORRECTION_TEXT = 'Ths is a short tset of my speling before I send it.';
/** A message still missing this long after the probe stops counts as undelivered. */
const PROBE_DRAIN_MS = 2_000;

const FLOOD_SOCKETS = 60;
/** The socket's allowance (SOCKET_LIMITS): a burst of 40, then 20 a second. */
const FLOOD_BURST = 40;
const FLOOD_INTERVAL_MS = 50;
const HUGE_CHECKS_IN_FLIGHT = 3;
const HUGE_CHECK_CHARS = 10_000;
const UPLOADS_IN_FLIGHT = 2;
const UPLOAD_BYTES = 19 * 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function socket(job: ClientJob, person: ClientPerson): Promise<WebSocket> {
  const url = `ws://127.0.0.1:${job.port}${chatSocketPath(person.id)}?token=${person.token}`;
  const ws = new WebSocket(url, { localAddress: job.localAddress });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** One request over loopback from this client's address; resolves with the status only. */
function request(
  job: ClientJob,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: job.port,
        path,
        method: 'POST',
        agent,
        localAddress: job.localAddress,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    // A refused upload may be cut off mid-body: that is an answer too.
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

function check(job: ClientJob, text: string): Promise<number> {
  return request(
    job,
    '/corrections/check/',
    { authorization: `Bearer ${job.me.token}`, 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ text, language: 'en' })),
  );
}

async function probe(job: ClientJob): Promise<ProbeResult> {
  const room = privateRoomName(job.me.id, job.partner.id);
  const [alice, bob] = await Promise.all([socket(job, job.me), socket(job, job.partner)]);
  const sentAt = new Map<string, number>();
  const messageLatencies: number[] = [];
  bob.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    if (frame.type !== 'chat_message') return;
    const at = sentAt.get(frame.client_id ?? '');
    if (at === undefined) return;
    sentAt.delete(frame.client_id ?? '');
    messageLatencies.push(performance.now() - at);
  });
  const until = performance.now() + (job.measureMs ?? 10_000);
  let messagesSent = 0;
  const messages = (async () => {
    while (performance.now() < until) {
      const clientId = randomUUID();
      sentAt.set(clientId, performance.now());
      alice.send(
        JSON.stringify({
          type: 'chat_message',
          client_id: clientId,
          message: `hello ${messagesSent}`,
          sender_id: job.me.id,
          room_name: room,
        }),
      );
      messagesSent += 1;
      await sleep(PROBE_MESSAGE_INTERVAL_MS);
    }
  })();
  const correctionLatencies: number[] = [];
  const correctionStatuses: Record<string, number> = {};
  const corrections = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await check(job, PROBE_CORRECTION_TEXT);
      const took = performance.now() - started;
      correctionLatencies.push(took);
      correctionStatuses[status] = (correctionStatuses[status] ?? 0) + 1;
      await sleep(Math.max(0, PROBE_CORRECTION_INTERVAL_MS - took));
    }
  })();
  await Promise.all([messages, corrections]);
  const drainUntil = performance.now() + PROBE_DRAIN_MS;
  while (sentAt.size > 0 && performance.now() < drainUntil) await sleep(20);
  alice.terminate();
  bob.terminate();
  return { messageLatencies, messagesSent, correctionLatencies, correctionStatuses };
}

/** Resolves when the main thread says the phase is over. */
function stopped(): Promise<void> {
  return new Promise((resolve) => parentPort?.once('message', () => resolve()));
}

async function flood(job: ClientJob): Promise<AbuserResult> {
  const room = privateRoomName(job.me.id, job.partner.id);
  let delivered = 0;
  let refused = 0;
  let closed = 0;
  let sent = 0;
  const partner = await socket(job, job.partner);
  partner.on('message', () => {
    delivered += 1;
  });
  const sockets = await Promise.all(
    Array.from({ length: FLOOD_SOCKETS }, () => socket(job, job.me)),
  );
  const timers: NodeJS.Timeout[] = [];
  for (const ws of sockets) {
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as ServerFrame).type === 'error') refused += 1;
    });
    ws.on('close', () => {
      closed += 1;
    });
    const sendOne = () => {
      if (ws.readyState !== WebSocket.OPEN) return;
      ws.send(
        JSON.stringify({
          type: 'chat_message',
          client_id: randomUUID(),
          message: 'flood flood flood',
          sender_id: job.me.id,
          room_name: room,
        }),
      );
      sent += 1;
    };
    for (let i = 0; i < FLOOD_BURST; i += 1) sendOne();
    timers.push(setInterval(sendOne, FLOOD_INTERVAL_MS));
  }
  await stopped();
  for (const timer of timers) clearInterval(timer);
  for (const ws of [...sockets, partner]) ws.terminate();
  return {
    summary: `${sent} frames on ${FLOOD_SOCKETS} sockets, ${delivered} delivered to the partner, ${refused} refused, ${closed} sockets closed`,
  };
}

/** 10,000 characters of words no dictionary knows. */
function unknownWords(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let text = '';
  let seed = 7;
  while (text.length < HUGE_CHECK_CHARS) {
    let word = '';
    for (let i = 0; i < 7; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      word += letters[seed % letters.length];
    }
    text += `${word} `;
  }
  return text.slice(0, HUGE_CHECK_CHARS);
}

/** Runs `attempt` with `inFlight` at a time until stopped; counts answers by status. */
async function repeatedly(inFlight: number, attempt: () => Promise<number>) {
  const statuses: Record<string, number> = {};
  let running = true;
  const stop = stopped().then(() => {
    running = false;
  });
  for (let i = 0; i < inFlight; i += 1) {
    void (async () => {
      while (running) {
        const status = await attempt();
        if (!running) return;
        statuses[status] = (statuses[status] ?? 0) + 1;
        // A refusal comes back at once: do not spin on it.
        if (status === 429) await sleep(200);
      }
    })();
  }
  // Answers still on their way when the phase ends are not counted (the worker is ended).
  await stop;
  return Object.entries(statuses)
    .map(([status, count]) => `${count}× ${status === '0' ? 'cut off' : status}`)
    .join(', ');
}

async function corrections(job: ClientJob): Promise<AbuserResult> {
  const text = unknownWords();
  const answers = await repeatedly(HUGE_CHECKS_IN_FLIGHT, () => check(job, text));
  return { summary: `10,000-character checks, ${HUGE_CHECKS_IN_FLIGHT} at a time: ${answers}` };
}

async function uploads(job: ClientJob): Promise<AbuserResult> {
  const boundary = `----parley-abuse-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="receiver_id"\r\n\r\n${job.partner.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const body = Buffer.concat([
    head,
    Buffer.alloc(UPLOAD_BYTES, 0x5a),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = {
    authorization: `Bearer ${job.me.token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  const answers = await repeatedly(UPLOADS_IN_FLIGHT, () =>
    request(job, '/chatmessage/upload-file/', headers, body),
  );
  return { summary: `19 MiB uploads, ${UPLOADS_IN_FLIGHT} at a time: ${answers}` };
}

const ROLES: Record<ClientRole, (job: ClientJob) => Promise<ProbeResult | AbuserResult>> = {
  probe,
  flood,
  corrections,
  uploads,
};

if (parentPort && workerData) {
  const job = workerData as ClientJob;
  ROLES[job.role](job).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ ok: false, error: String(error) }),
  );
}
