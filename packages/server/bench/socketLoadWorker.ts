/**
 * A load generator of the socket benchmark: a worker thread of the parent process (never the
 * server's), holding whole rooms, so the send and every delivery of a message are timed on one
 * clock. Connects its clients and joins their rooms, says `connected`, waits for `go`, then each
 * client sends `rate` messages a second for `seconds`, each on its own phase; reports `done`.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { ALL_SOCKET_FEATURES_QUERY, chatSocketPath } from '@parley/chat-sdk';
import WebSocket from 'ws';
import type { BenchClient, LoadJob, LoadResult, WorkerMessage } from './socketBenchProtocol.js';

const job = workerData as LoadJob;
const CONNECT_BATCH = 50;
const MAX_ERROR_SAMPLES = 5;
const CLIENT_ID_FIELD = '"client_id":"';

const sentAt = new Map<string, number>();
const latencies: number[] = [];
const sendTimes: number[] = [];
let delivered = 0;
let errors = 0;
const errorSamples: string[] = [];
let lastDeliveryAt = 0;
let stopping = false;

function post(message: WorkerMessage): void {
  parentPort?.postMessage(message);
}

function error(sample: string): void {
  errors += 1;
  if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(sample.slice(0, 300));
}

/**
 * Chat messages are read without JSON.parse (tens of thousands a second would make this process
 * the bottleneck): the frame's client_id is all the timing needs.
 */
function onFrame(text: string, joined: () => void): void {
  if (text.includes('"type":"chat_message"')) {
    const at = text.indexOf(CLIENT_ID_FIELD);
    if (at >= 0) {
      const start = at + CLIENT_ID_FIELD.length;
      const sent = sentAt.get(text.slice(start, text.indexOf('"', start)));
      const now = performance.now();
      if (sent !== undefined) {
        latencies.push(now - sent);
        sendTimes.push(sent);
      }
      lastDeliveryAt = now;
    }
    delivered += 1;
    return;
  }
  const frame = JSON.parse(text) as { type: string };
  if (frame.type === 'chat_history') joined();
  else if (frame.type === 'error') error(text);
}

function connect(client: BenchClient): Promise<WebSocket> {
  const base = job.socketBase ?? `ws://127.0.0.1:${job.port}`;
  // As the sdk connects (socket-url.ts), unless the bench stands in for spec clients.
  const features = job.specClients ? '' : `&${ALL_SOCKET_FEATURES_QUERY}`;
  const url = `${base}${chatSocketPath(client.id)}?token=${client.token}${features}`;
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    let joined = false;
    ws.on('message', (data) =>
      onFrame(String(data), () => {
        if (joined) return;
        joined = true;
        resolve(ws);
      }),
    );
    ws.once('open', () => ws.send(JSON.stringify({ type: 'join_room', room_name: client.room })));
    ws.on('error', (cause) => {
      if (!joined) reject(cause);
      else error(`socket error: ${cause.message}`);
    });
    ws.on('close', (code) => {
      if (!joined) reject(new Error(`closed ${code} before joining`));
      else if (!stopping) error(`socket closed ${code}`);
    });
  });
}

function chatFrame(client: BenchClient, clientId: string, n: number): string {
  return JSON.stringify({
    type: 'chat_message',
    client_id: clientId,
    message: client.spanish
      ? `Hola, ¿vienes a la reunión de mañana? Tengo ${n + 2} preguntas.`
      : `Hello, are you coming to the meeting tomorrow? I have ${n + 2} questions.`,
    sender_id: client.id,
    room_name: client.room,
  });
}

/**
 * Before the clock: one message per room, so the server loads what it loads on first use
 * (language detector, statements), which is startup, not fan-out; every other client's first
 * message is timed. With `warmMessages`, every client sends that many (a burst the frame budget
 * allows: a few), so the process has run the message path thousands of times.
 */
async function warmUp(sockets: WebSocket[]): Promise<void> {
  const warmed = new Set<string>();
  const each = job.warmMessages ?? 0;
  let expected = 0;
  for (const [index, client] of job.clients.entries()) {
    if (each === 0 && warmed.has(client.room)) continue;
    warmed.add(client.room);
    for (let n = 0; n < Math.max(each, 1); n += 1) {
      sockets[index]?.send(chatFrame(client, `w${client.id}-${n}`, 0));
      expected += client.roomSize;
    }
  }
  const until = performance.now() + job.drainMs;
  while (delivered < expected && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  delivered = 0;
  latencies.length = 0;
  sendTimes.length = 0;
}

async function run(): Promise<LoadResult> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < job.clients.length; start += CONNECT_BATCH) {
    const batch = job.clients.slice(start, start + CONNECT_BATCH);
    sockets.push(...(await Promise.all(batch.map(connect))));
  }
  await warmUp(sockets);
  post({ type: 'connected' });
  await new Promise<void>((resolve) => parentPort?.once('message', () => resolve()));

  let sent = 0;
  let expected = 0;
  const intervalMs = 1000 / job.rate;
  const perClient = Math.max(1, Math.round(job.rate * job.seconds));
  const firstSendAt = performance.now();
  await Promise.all(
    job.clients.map(
      (client, index) =>
        new Promise<void>((resolve) => {
          const ws = sockets[index];
          let count = 0;
          const sendOne = () => {
            const clientId = `b${client.id}-${count}`;
            sentAt.set(clientId, performance.now());
            ws?.send(chatFrame(client, clientId, count));
            sent += 1;
            expected += client.roomSize;
            count += 1;
            if (count >= perClient) resolve();
            else setTimeout(sendOne, intervalMs);
          };
          setTimeout(sendOne, Math.random() * intervalMs);
        }),
    ),
  );
  const drainUntil = performance.now() + job.drainMs;
  while (delivered < expected && performance.now() < drainUntil) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  stopping = true;
  for (const ws of sockets) ws.terminate();
  return {
    sent,
    expected,
    delivered,
    latencies: Float64Array.from(latencies),
    sentAt: Float64Array.from(sendTimes, (at) => performance.timeOrigin + at),
    firstSendAt: performance.timeOrigin + firstSendAt,
    lastDeliveryAt: performance.timeOrigin + (lastDeliveryAt || firstSendAt),
    errors,
    errorSamples,
  };
}

run().then(
  (result) => post({ type: 'done', result }),
  (cause: unknown) => post({ type: 'failed', error: String(cause) }),
);
