/**
 * Abuse benchmark: what a well-behaved pair sees while one abuser attacks. For each phase a fresh
 * server on loopback; the abuser (its own worker thread, source address 127.0.0.2) starts, then the
 * well-behaved pair (another worker, 127.0.0.3) measures for a while: Alice's messages to Bob
 * (chat_message sent → delivered to Bob's socket) and Alice's short spelling checks
 * (POST /corrections/check/). Prints p50/p95 per phase beside the phase with no abuser.
 * Informational only: no thresholds.
 *
 * Attacks: flood (one account on 60 sockets, each sending chat_message at the socket's allowance),
 * huge corrections (10,000 characters of unknown words, 3 at a time), upload flood (19 MiB
 * uploads, 2 at a time, as fast as accepted).
 *
 * BENCH_ABUSE_PHASES=none,flood,corrections,uploads BENCH_ABUSE_SECONDS=12
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AbuserResult, ClientJob, ClientPerson, ProbeResult } from './abuseClients.js';
import { percentile, startBenchServer } from './benchServer.js';

const JWT_SECRET = 'parley-abuse-benchmark-secret-0123456789abcdef';
const ABUSER_ADDRESS = '127.0.0.2';
const PROBE_ADDRESS = '127.0.0.3';

type Phase = 'none' | 'flood' | 'corrections' | 'uploads';
const PHASES: Record<Phase, string> = {
  none: 'no abuser',
  flood: 'flood: 60 sockets',
  corrections: 'huge corrections',
  uploads: 'upload flood',
};

const phases = (process.env.BENCH_ABUSE_PHASES ?? 'none,flood,corrections,uploads')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Phase => name in PHASES);
const measureSeconds = Math.min(15, Math.max(3, Number(process.env.BENCH_ABUSE_SECONDS) || 12));
/** The abuser runs this long before the pair starts measuring. */
const WARM_UP_MS = 2_000;
/** How long a worker may take to answer after it was told to stop. */
const WORKER_GRACE_MS = 5_000;

interface PhaseResult {
  phase: Phase;
  probe: ProbeResult;
  abuser: string;
}

function runWorker<T>(job: ClientJob): { worker: Worker; result: Promise<T> } {
  const worker = new Worker(new URL('./abuse-clients.js', import.meta.url), { workerData: job });
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', (message: { ok: boolean; result?: T; error?: string }) =>
      message.ok ? resolve(message.result as T) : reject(new Error(message.error)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`client worker exited (${code})`)));
  });
  // A worker ended at the phase's end rejects a promise nobody waits for any more.
  result.catch(() => undefined);
  return { worker, result };
}

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms)),
  ]);
}

async function runPhase(phase: Phase): Promise<PhaseResult> {
  const server = await startBenchServer(JWT_SECRET);
  const workers: Worker[] = [];
  try {
    const people = await server.users(`abuse_${phase}_`, 4);
    const [alice, bob, abuser, partner] = await Promise.all(
      people.map(
        async (user): Promise<ClientPerson> => ({
          id: user.id,
          token: await server.tokens.issue({ userId: user.id, username: user.username }),
        }),
      ),
    );
    if (!alice || !bob || !abuser || !partner) throw new Error('users were not created');
    // The spelling engine loads its dictionary on first use: not inside the measurement.
    await fetch(`http://127.0.0.1:${server.port}/corrections/check/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'warm up', language: 'en' }),
    });

    let abuserResult: Promise<AbuserResult> | null = null;
    if (phase !== 'none') {
      const started = runWorker<AbuserResult>({
        role: phase,
        port: server.port,
        localAddress: ABUSER_ADDRESS,
        me: abuser,
        partner,
      });
      workers.push(started.worker);
      abuserResult = started.result;
      await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    }
    const probe = runWorker<ProbeResult>({
      role: 'probe',
      port: server.port,
      localAddress: PROBE_ADDRESS,
      me: alice,
      partner: bob,
      measureMs: measureSeconds * 1000,
    });
    workers.push(probe.worker);
    const probeResult = await probe.result;
    let abuserSummary = '—';
    if (abuserResult) {
      workers[0]?.postMessage('stop');
      abuserSummary = (
        await within(abuserResult, WORKER_GRACE_MS, { summary: '(no answer after the phase)' })
      ).summary;
    }
    return { phase, probe: probeResult, abuser: abuserSummary };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
    const closing = performance.now();
    await server.close().catch((error: unknown) => {
      console.error(`closing the server failed: ${String(error)}`);
    });
    console.error(`server closed in ${((performance.now() - closing) / 1000).toFixed(1)} s`);
  }
}

function table(results: PhaseResult[]): string {
  const base = results.find((r) => r.phase === 'none');
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  // A message never delivered is slower than any that was: it counts, as never.
  const messageTimes = (r: PhaseResult) =>
    sorted([
      ...r.probe.messageLatencies,
      ...Array<number>(r.probe.messagesSent - r.probe.messageLatencies.length).fill(
        Number.POSITIVE_INFINITY,
      ),
    ]);
  const ms = (value: number) =>
    Number.isNaN(value) ? '—' : value === Number.POSITIVE_INFINITY ? 'never' : value.toFixed(0);
  const versus = (value: number, baseline: number | undefined) =>
    baseline === undefined || !Number.isFinite(value) || !Number.isFinite(baseline) || baseline <= 0
      ? ''
      : ` (×${(value / baseline).toFixed(1)})`;
  const baseMessageP95 = base ? percentile(messageTimes(base), 95) : undefined;
  const baseCorrectionP95 = base
    ? percentile(sorted(base.probe.correctionLatencies), 95)
    : undefined;
  const header = [
    'attack',
    'msg p50 ms',
    'msg p95 ms',
    'delivered',
    'check p50 ms',
    'check p95 ms',
    'check answers',
  ];
  const lines = results.map((r) => {
    const messages = messageTimes(r);
    const checks = sorted(r.probe.correctionLatencies);
    const messageP95 = percentile(messages, 95);
    const checkP95 = percentile(checks, 95);
    return [
      PHASES[r.phase],
      ms(percentile(messages, 50)),
      `${ms(messageP95)}${r.phase === 'none' ? '' : versus(messageP95, baseMessageP95)}`,
      `${r.probe.messageLatencies.length}/${r.probe.messagesSent}`,
      ms(percentile(checks, 50)),
      `${ms(checkP95)}${r.phase === 'none' ? '' : versus(checkP95, baseCorrectionP95)}`,
      Object.entries(r.probe.correctionStatuses)
        .map(([status, count]) => `${count}× ${status === '0' ? 'cut off' : status}`)
        .join(', '),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const row = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

async function main(): Promise<void> {
  console.log(
    `Abuse benchmark: one abuser per phase (${ABUSER_ADDRESS}), a well-behaved pair (${PROBE_ADDRESS}) measuring ${measureSeconds} s, loopback, Node ${process.version}`,
  );
  const started = performance.now();
  const results: PhaseResult[] = [];
  for (const phase of phases) {
    console.error(`phase: ${PHASES[phase]}…`);
    try {
      results.push(await runPhase(phase));
    } catch (error) {
      // A loaded machine can make a server miss Fastify's start timeout: one more try.
      console.error(`phase ${PHASES[phase]} failed (${String(error)}); trying once more`);
      results.push(await runPhase(phase));
    }
  }
  console.log(table(results));
  for (const r of results) if (r.phase !== 'none') console.log(`${PHASES[r.phase]}: ${r.abuser}`);
  console.log(
    'msg: Alice → Bob chat_message, sent → delivered (10 a second; "never": not delivered by 2 s after the phase); check: a short POST /corrections/check/ (at most 2 a second, each after the last answer); ×: against no abuser.',
  );
  console.log(`${((performance.now() - started) / 1000).toFixed(0)} s in all`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
