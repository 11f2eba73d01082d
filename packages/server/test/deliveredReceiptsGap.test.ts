import { privateRoomName } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent, ChatFanout } from '../src/chat/chatFanout.js';
import { DELIVERIES_GAP_MS, ReadReceipts } from '../src/chat/readReceipts.js';
import type { RoomReceiptRow } from '../src/db/schema.js';
import type {
  ReactionsRepository,
  ReceiptsRepository,
  RoomsRepository,
} from '../src/plugins/app/index.js';
import type { DeliveryMark } from '../src/plugins/app/receipts-repository.js';

// Live deliveries are recorded at most every DELIVERIES_GAP_MS (src/chat/readReceipts.ts): under
// load one statement holds a row per member and room for everything delivered meanwhile, instead
// of a row per member for every message (docs/performance.md, "Fan-out, round seven"). The
// clock is vitest's, so the gap is shown without waiting for it.

const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

function receiptsStore() {
  const statements: DeliveryMark[][] = [];
  const rows = new Map<string, RoomReceiptRow>();
  const repository = {
    async markDeliveredMany(marks: readonly DeliveryMark[]) {
      statements.push([...marks]);
      const moved: RoomReceiptRow[] = [];
      for (const mark of marks) {
        const key = `${mark.room}/${mark.userId}`;
        const row = rows.get(key);
        if (row && row.deliveredUpTo >= mark.upTo) continue;
        const next = {
          room: mark.room,
          userId: mark.userId,
          deliveredUpTo: mark.upTo,
          deliveredAt: new Date(0),
          readUpTo: 0,
          readAt: null,
        } as RoomReceiptRow;
        rows.set(key, next);
        moved.push(next);
      }
      return moved;
    },
  } as unknown as ReceiptsRepository;
  return { statements, repository };
}

function setUp() {
  const store = receiptsStore();
  const published: ChatEvent[] = [];
  const receipts = new ReadReceipts({
    receipts: store.repository,
    reactions: {} as ReactionsRepository,
    rooms: { access: async () => null } as Pick<RoomsRepository, 'access'>,
    fanout: { publish: (event: ChatEvent) => published.push(event) } as unknown as ChatFanout,
    log: quiet,
  });
  const told = () =>
    published.flatMap((event) =>
      event.frame.type === 'delivered_receipts'
        ? event.frame.receipts.map((r) => `${event.recipients.join()}←${r.user_id}:${r.message_id}`)
        : [],
    );
  return { receipts, statements: store.statements, told };
}

describe('delivered receipts are recorded at most every DELIVERIES_GAP_MS', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ana = 1;
  const ben = 2;
  const cai = 3;
  const anaBen = privateRoomName(ana, ben);
  const anaCai = privateRoomName(ana, cai);

  it('after a quiet moment a delivery is recorded in the next turn, and its sender told', async () => {
    const { receipts, statements, told } = setUp();
    receipts.delivered(anaBen, ben, 10, ana);
    expect(statements).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(statements).toEqual([
      [{ room: anaBen, userId: ben, upTo: 10, senders: new Set([ana]) }],
    ]);
    expect(told()).toEqual([`${ana}←${ben}:10`]);
  });

  it('what is delivered within the gap waits, then goes in one statement, one row per member and room', async () => {
    const { receipts, statements, told } = setUp();
    receipts.delivered(anaBen, ben, 10, ana);
    await vi.advanceTimersByTimeAsync(0);
    expect(statements).toHaveLength(1);

    receipts.delivered(anaBen, ben, 11, ana);
    receipts.delivered(anaCai, cai, 12, ana);
    receipts.delivered(anaBen, ben, 13, ana);
    await vi.advanceTimersByTimeAsync(DELIVERIES_GAP_MS / 2);
    expect(statements).toHaveLength(1);
    expect(told()).toEqual([`${ana}←${ben}:10`]);

    await vi.advanceTimersByTimeAsync(DELIVERIES_GAP_MS / 2);
    expect(statements).toHaveLength(2);
    expect(statements[1]?.map((mark) => [mark.room, mark.userId, mark.upTo])).toEqual([
      [anaBen, ben, 13],
      [anaCai, cai, 12],
    ]);
    // Ana hears of both rooms, each up to the newest message delivered in it.
    expect(told().slice(1).sort()).toEqual([`${ana}←${ben}:13`, `${ana}←${cai}:12`]);
  });

  it('idle waits for deliveries still inside the gap', async () => {
    const { receipts, statements } = setUp();
    receipts.delivered(anaBen, ben, 10, ana);
    await vi.advanceTimersByTimeAsync(0);
    receipts.delivered(anaBen, ben, 11, ana);
    let idle = false;
    const waiting = receipts.idle().then(() => {
      idle = true;
    });
    await vi.advanceTimersByTimeAsync(DELIVERIES_GAP_MS - 1);
    expect(idle).toBe(false);
    expect(statements).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // idle's own turns (setImmediate) run on the same fake clock.
    await vi.runAllTimersAsync();
    await waiting;
    expect(statements.at(-1)?.map((mark) => mark.upTo)).toEqual([11]);
  });

  it('a gap without deliveries costs nothing: the next one is recorded at once', async () => {
    const { receipts, statements } = setUp();
    receipts.delivered(anaBen, ben, 10, ana);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(DELIVERIES_GAP_MS * 5);
    expect(statements).toHaveLength(1);
    receipts.delivered(anaBen, ben, 11, ana);
    await vi.advanceTimersByTimeAsync(0);
    expect(statements).toHaveLength(2);
  });
});
