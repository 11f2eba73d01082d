/** Messages between the socket benchmark's parent, its server process and its load workers. */

/** One benchmark client: whose socket, which room, how many people read it. */
export interface BenchClient {
  id: number;
  token: string;
  room: string;
  roomSize: number;
  /** Writes Spanish (translation on: every other person), else English. */
  spanish: boolean;
}

/** Server process → parent. */
export type ServerMessage =
  | { type: 'ready'; port: number; clients: BenchClient[]; rss: number }
  /** Resident bytes and the CPU time (user + system, microseconds) the process has used. */
  | { type: 'rss'; rss: number; cpuMicros: number };

/** Parent → load worker (workerData). */
export interface LoadJob {
  port: number;
  /** Where sockets connect instead of ws://127.0.0.1:port, e.g. wss://localhost:8443 (a balancer). */
  socketBase?: string;
  clients: BenchClient[];
  /** Messages per second per client. */
  rate: number;
  seconds: number;
  /** How long to wait for late deliveries after the last send. */
  drainMs: number;
  /** Connect as a spec client (no `features`): each delivered receipt its own frame. */
  specClients?: boolean;
  /**
   * Messages every client sends before the clock (a warm process and warm caches); 0: one
   * message per room, from its first client, so every other client's first message is timed.
   */
  warmMessages?: number;
}

/** What one load worker measured. */
export interface LoadResult {
  sent: number;
  /** Deliveries the sends call for: every member of the room, the sender's echo included. */
  expected: number;
  delivered: number;
  /** Milliseconds from send to delivery, one per delivery whose send this worker timed. */
  latencies: Float64Array;
  /** Epoch milliseconds each of those deliveries' message was sent (same order as latencies). */
  sentAt: Float64Array;
  /** Epoch milliseconds of the first send and of the last delivery. */
  firstSendAt: number;
  lastDeliveryAt: number;
  /** Error frames, socket errors and closes the run did not ask for. */
  errors: number;
  errorSamples: string[];
}

/** Load worker → parent. */
export type WorkerMessage =
  | { type: 'connected' }
  | { type: 'done'; result: LoadResult }
  | { type: 'failed'; error: string };
