/**
 * Socket fan-out benchmark: N clients in rooms of two (private) and of twenty (groups) on
 * loopback, each sending at a steady rate; prints delivered messages per second and the
 * send-to-delivery latency seen by every receiving socket. Informational only: no thresholds.
 *
 * BENCH_CLIENTS=50,500 BENCH_ROOM_SIZES=2,20 BENCH_RATE=2 BENCH_SECONDS=3 pnpm bench
 */
import { performance } from 'node:perf_hooks';
import { chatSocketPath, groupRoomName, privateRoomName, type ServerFrame } from '@parley/chat-sdk';
import WebSocket from 'ws';
import { percentile, startBenchServer } from './benchServer.js';

const JWT_SECRET = 'parley-socket-benchmark-secret-0123456789abcdef';

function numbers(text: string | undefined, fallback: number[]): number[] {
  const list = (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0);
  return list.length > 0 ? list : fallback;
}

const CLIENT_COUNTS = numbers(process.env.BENCH_CLIENTS, [50, 500]);
const ROOM_SIZES = numbers(process.env.BENCH_ROOM_SIZES, [2, 20]);
// Messages per second per client: under the socket's 20 frames/s limit.
const RATE = numbers(process.env.BENCH_RATE, [2])[0] ?? 2;
const SECONDS = numbers(process.env.BENCH_SECONDS, [3])[0] ?? 3;
const DRAIN_MS = 10_000;
const CONNECT_BATCH = 50;

interface Result {
  clients: number;
  roomSize: number;
  sent: number;
  expected: number;
  delivered: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
}

async function run(clientCount: number, roomSize: number): Promise<Result> {
  const server = await startBenchServer(JWT_SECRET);
  const { pglite, tokens } = server;
  const sockets: WebSocket[] = [];
  try {
    const rows = await server.users('bench', clientCount);
    const rooms: string[] = [];
    const roomMembers = new Map<string, number>();
    for (let start = 0; start < rows.length; start += roomSize) {
      const members = rows.slice(start, start + roomSize);
      if (members.length < 2) break;
      if (roomSize === 2) {
        const room = privateRoomName(members[0]?.id ?? 0, members[1]?.id ?? 0);
        rooms.push(room);
        roomMembers.set(room, 2);
        continue;
      }
      const name = `Bench Room ${start / roomSize}`;
      const group = await pglite.query<{ id: number }>(
        'insert into groups (name, slug) values ($1, $2) returning id',
        [name, groupRoomName(name)],
      );
      await pglite.query(
        'insert into group_members (group_id, user_id) select $1, unnest($2::int[])',
        [group.rows[0]?.id, members.map((m) => m.id)],
      );
      rooms.push(groupRoomName(name));
      roomMembers.set(groupRoomName(name), members.length);
    }

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let delivered = 0;
    const members = rows.slice(
      0,
      [...roomMembers.values()].reduce((a, b) => a + b, 0),
    );

    const connect = async (user: { id: number; username: string }, room: string) => {
      const token = await tokens.issue({ userId: user.id, username: user.username });
      const url = `ws://127.0.0.1:${server.port}${chatSocketPath(user.id)}?token=${token}`;
      const ws = new WebSocket(url);
      sockets.push(ws);
      await new Promise<void>((resolve, reject) => {
        ws.on('message', (data) => {
          const frame = JSON.parse(String(data)) as ServerFrame;
          if (frame.type === 'chat_history') resolve();
          if (frame.type === 'chat_message') {
            const at = sentAt.get(frame.client_id ?? '');
            if (at !== undefined) latencies.push(performance.now() - at);
            delivered += 1;
          }
          if (frame.type === 'error') console.error('error frame', frame);
        });
        ws.once('open', () => ws.send(JSON.stringify({ type: 'join_room', room_name: room })));
        ws.once('error', reject);
        ws.once('close', (code) => reject(new Error(`closed ${code}`)));
      });
      return { ws, user, room };
    };
    const clients: Awaited<ReturnType<typeof connect>>[] = [];
    for (let start = 0; start < members.length; start += CONNECT_BATCH) {
      const batch = members.slice(start, start + CONNECT_BATCH);
      clients.push(
        ...(await Promise.all(
          batch.map((user, i) => connect(user, rooms[Math.floor((start + i) / roomSize)] ?? '')),
        )),
      );
    }

    // Every client sends RATE messages a second for SECONDS, each on its own phase.
    let sent = 0;
    let expected = 0;
    const intervalMs = 1000 / RATE;
    const perClient = Math.round(RATE * SECONDS);
    const started = performance.now();
    await Promise.all(
      clients.map(
        (client, index) =>
          new Promise<void>((resolve) => {
            let count = 0;
            const sendOne = () => {
              const clientId = `b${index}-${count}`;
              sentAt.set(clientId, performance.now());
              client.ws.send(
                JSON.stringify({
                  type: 'chat_message',
                  client_id: clientId,
                  message: `message ${count} from ${client.user.username}`,
                  sender_id: client.user.id,
                  room_name: client.room,
                }),
              );
              sent += 1;
              expected += roomMembers.get(client.room) ?? 0;
              count += 1;
              if (count >= perClient) resolve();
              else setTimeout(sendOne, intervalMs);
            };
            setTimeout(sendOne, Math.random() * intervalMs);
          }),
      ),
    );
    const drainUntil = performance.now() + DRAIN_MS;
    while (delivered < expected && performance.now() < drainUntil) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      clients: clients.length,
      roomSize,
      sent,
      expected,
      delivered,
      seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? Number.NaN,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.close();
  }
}

function table(results: Result[]): string {
  const header = [
    'clients',
    'room size',
    'sent',
    'delivered',
    'expected',
    'seconds',
    'delivered/s',
    'p50 ms',
    'p99 ms',
    'max ms',
  ];
  const lines = results.map((r) => [
    String(r.clients),
    String(r.roomSize),
    String(r.sent),
    String(r.delivered),
    String(r.expected),
    r.seconds.toFixed(2),
    (r.delivered / r.seconds).toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const row = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

async function main(): Promise<void> {
  console.log(
    `Socket benchmark: loopback, ${RATE} msg/s per client for ${SECONDS} s, Node ${process.version}`,
  );
  const results: Result[] = [];
  for (const clients of CLIENT_COUNTS) {
    for (const roomSize of ROOM_SIZES) {
      if (roomSize > clients) continue;
      results.push(await run(clients, roomSize));
    }
  }
  console.log(table(results));
  console.log(
    'Latency: chat_message frame sent → delivered to each member socket (sender echo included).',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
