import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FloodWatch } from '../src/chat/floodControl.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import {
  DatabaseLimitStore,
  DEFAULT_LIMITS,
  FrameBudgets,
  Limits,
  MemoryLimitStore,
} from '../src/limits/index.js';
import { createLimitsRepository } from '../src/plugins/app/limits-repository.js';
import { held } from './support/held.js';
import { loadTemplateDatabase } from './support/testServer.js';

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function memoryBudgets(time: ReturnType<typeof clock>) {
  const limits = new Limits(new MemoryLimitStore(time.now), DEFAULT_LIMITS);
  return new FrameBudgets(limits, time.now);
}

describe('per-person frame budget (20 frames/s sustained, bursts of 40)', () => {
  it('never limits a person sending 20 frames a second', () => {
    const time = clock();
    const budget = memoryBudgets(time).acquire(1);
    for (let i = 0; i < 20 * 60; i += 1) {
      expect(budget.takeNow()).toBe(true);
      time.advance(50);
    }
  });

  it('is one budget for all of a person’s sockets: 40 in a burst, then refused, then again', () => {
    const time = clock();
    const budgets = memoryBudgets(time);
    const sockets = Array.from({ length: 60 }, () => budgets.acquire(7));
    let admitted = 0;
    for (const socket of sockets) for (let i = 0; i < 40; i += 1) if (socket.takeNow()) admitted++;
    expect(admitted).toBe(40);
    // Another person is not affected.
    expect(budgets.acquire(8).takeNow()).toBe(true);
    time.advance(2_000);
    expect(sockets[0]?.takeNow()).toBe(true);
  });

  it('closes a socket still flooding 10 s after the flood began, not one that paused', () => {
    const time = clock();
    const budget = memoryBudgets(time).acquire(1);
    const flood = new FloodWatch({ now: time.now });
    const verdicts: string[] = [];
    // 100 frames a second: one in five gets through, the rest are refused.
    for (let ms = 0; ms <= 11_000; ms += 10) {
      const admitted = budget.takeNow();
      verdicts.push(flood.observe(admitted) === 'close' ? 'close' : admitted ? 'allow' : 'limit');
      time.advance(10);
    }
    const firstLimit = verdicts.indexOf('limit');
    const firstClose = verdicts.indexOf('close');
    expect(firstLimit).toBeGreaterThan(0);
    expect((firstClose - firstLimit) * 10).toBe(10_000);

    const paused = new FloodWatch({ now: time.now });
    for (let i = 0; i < 5; i += 1) paused.observe(false);
    time.advance(5_000);
    for (let i = 0; i < 5; i += 1) paused.observe(false);
    time.advance(5_500);
    expect(paused.observe(false)).not.toBe('close');
  });
});

describe('frame budget in the database (several instances)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ pglite: await loadTemplateDatabase() });
  });
  afterAll(async () => {
    await database.close();
  });

  it('two instances leasing in chunks admit at most the person’s burst together', async () => {
    const repository = createLimitsRepository(database.db);
    const instances = [0, 1].map(
      () => new FrameBudgets(new Limits(new DatabaseLimitStore(repository), DEFAULT_LIMITS)),
    );
    const sockets = instances.flatMap((instance) =>
      Array.from({ length: 30 }, () => instance.acquire(42)),
    );
    expect(sockets[0]?.mustWait).toBe(true);
    const verdicts = await Promise.all(
      sockets.flatMap((socket) => Array.from({ length: 40 }, () => socket.take())),
    );
    const admitted = verdicts.filter(Boolean).length;
    // 2,400 frames; the window (2 s) may roll over once while they are counted.
    expect(admitted).toBeGreaterThanOrEqual(DEFAULT_LIMITS.burstFrames);
    expect(admitted).toBeLessThanOrEqual(2 * DEFAULT_LIMITS.burstFrames);
    const other = instances[0]?.acquire(43);
    expect(await other?.take()).toBe(true);
  });
});

describe('limit counters in the database (table rate_limits)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ pglite: await loadTemplateDatabase() });
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts within a window, restarts an ended one, and deletes ended rows', async () => {
    const repository = createLimitsRepository(database.db);
    expect((await repository.add('test', 'a', 60_000, 3)).count).toBe(3);
    expect((await repository.add('test', 'a', 60_000, 2)).count).toBe(5);
    expect((await repository.read('test', 'a')).count).toBe(5);
    // A window of 1 ms has ended by the next statement: the count starts over.
    await repository.add('test', 'b', 1, 7);
    await vi.waitFor(async () => expect((await repository.read('test', 'b')).count).toBe(0));
    expect((await repository.add('test', 'b', 60_000, 1)).count).toBe(1);

    await repository.add('test', 'c', 1, 1);
    await vi.waitFor(async () => expect((await repository.read('test', 'c')).count).toBe(0));
    expect(await repository.deleteEnded(new Date(Date.now() + 1_000))).toBe(1);
    const left = await database.db.execute(sql`select subject from rate_limits order by subject`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([
      { subject: 'a' },
      { subject: 'b' },
    ]);
  });
  it('the shared store adds a crowd in one statement, each caller seeing the count after its own', async () => {
    const repository = createLimitsRepository(database.db);
    const statements: number[] = [];
    let hold: Promise<void> = Promise.resolve();
    const counting = {
      ...repository,
      addMany: async (adds: Parameters<typeof repository.addMany>[0]) => {
        statements.push(adds.length);
        await hold;
        return repository.addMany(adds);
      },
    };
    const store = new DatabaseLimitStore(counting);
    // 200 people leasing at once, and one of them twice more (another socket, a retry).
    const people = Array.from({ length: 200 }, (_, index) => `p${index}`);
    const states = await Promise.all([
      ...people.map((subject) => store.add('crowd', subject, 60_000, 10)),
      store.add('crowd', 'p7', 60_000, 10),
      store.add('crowd', 'p7', 60_000, 5),
    ]);
    expect(statements).toEqual([200]);
    expect(states.slice(0, 200).every((state) => state.count === 10)).toBe(true);
    expect(states.slice(200).map((state) => state.count)).toEqual([20, 25]);
    expect((await repository.read('crowd', 'p7')).count).toBe(25);
    expect((await repository.read('crowd', 'p8')).count).toBe(10);

    // Asked over several turns while a statement runs: the next statement, together.
    const gate = held<void>();
    hold = gate.promise;
    const first = store.add('crowd', 'p1', 60_000, 1);
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    const later = [store.add('crowd', 'p2', 60_000, 1)];
    await new Promise((resolve) => setImmediate(resolve));
    later.push(store.add('crowd', 'p3', 60_000, 1));
    expect(statements).toHaveLength(2);
    hold = Promise.resolve();
    gate.resolve();
    expect((await first).count).toBe(11);
    expect((await Promise.all(later)).map((state) => state.count)).toEqual([11, 11]);
    expect(statements).toEqual([200, 1, 2]);
    await store.close();
  });
});
