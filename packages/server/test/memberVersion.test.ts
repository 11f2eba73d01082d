import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatDelivery } from '../src/chat/chatDelivery.js';
import type { ChatEvent, ChatFanout } from '../src/chat/chatFanout.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { users } from '../src/db/schema.js';
import { createMessagesRepository, textMessage } from '../src/plugins/app/messages-repository.js';
import {
  createUsersRepository,
  DELIVERY_MEMBER_COLUMNS,
  type UsersRepository,
} from '../src/plugins/app/users-repository.js';
import type { TranslationAllowance } from '../src/usage/index.js';
import { databaseBackends } from './support/databaseBackends.js';
import { MarkingTranslator } from './support/markingTranslator.js';
import { userRow } from './support/userRows.js';

// Delivery keeps members' language, plan and names while `member_version` stays the same
// (migration 0029: a trigger on users counts every change to them, whoever makes it); a group
// commit whose members are all kept asks for that one row instead of every member's.

const backends = databaseBackends('parley_member_version');
const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe.each(backends)('member_version on $name', ({ open }) => {
  let database: DatabaseHandle;
  let repository: UsersRepository;
  let ana: number;
  let ben: number;

  beforeAll(async () => {
    database = await open();
    repository = createUsersRepository(database.db);
    const rows = await database.db
      .insert(users)
      .values(
        ['mv_ana', 'mv_ben'].map((username, index) =>
          userRow(username, { language: index === 0 ? 'English' : 'Spanish', isLifetime: true }),
        ),
      )
      .returning({ id: users.id });
    ana = rows[0]?.id ?? 0;
    ben = rows[1]?.id ?? 0;
  });
  afterAll(() => database?.close());

  it('the trigger counts a change to every column delivery reads, and only those', async () => {
    const result = (await database.db.execute(sql`
      select event_object_column as column from information_schema.triggered_update_columns
      where trigger_name = 'users_member_version'`)) as unknown as { rows: { column: string }[] };
    const counted = result.rows.map((row) => row.column).sort();
    const read = Object.values(DELIVERY_MEMBER_COLUMNS)
      .map((column) => column.name)
      .filter((name) => name !== 'id')
      .sort();
    expect(counted).toEqual(read);
  });

  it('moves with what delivery reads, whatever writes it, and not with anything else', async () => {
    const moves = async (change: () => Promise<unknown>) => {
      const before = await repository.memberVersion();
      await change();
      return (await repository.memberVersion()) - before;
    };
    expect(await moves(() => repository.update(ana, { language: 'French' }))).toBe(1);
    expect(await moves(() => repository.saveTimezone(ben, 'Europe/Lisbon'))).toBe(1);
    expect(
      await moves(() =>
        database.db.update(users).set({ subscriptionActive: true }).where(eq(users.id, ben)),
      ),
    ).toBe(1);
    expect(
      await moves(() =>
        database.db.execute(sql`update users set first_name = 'Benito' where id = ${ben}`),
      ),
    ).toBe(1);
    expect(
      await moves(() =>
        database.db
          .update(users)
          .set({ followersCount: 3, passwordHash: 'y' })
          .where(eq(users.id, ana)),
      ),
    ).toBe(0);
    expect(await moves(() => database.db.insert(users).values(userRow('mv_cai')))).toBe(1);
    expect(await moves(() => database.db.delete(users).where(eq(users.username, 'mv_cai')))).toBe(
      1,
    );
  });

  it('members and the count come from one statement; an empty list still has the count', async () => {
    const version = await repository.memberVersion();
    const read = await repository.deliveryMembersAt([ana, ben, 2_000_000_000]);
    expect(read.version).toBe(version);
    expect(read.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [ana, ben].sort((a, b) => a - b),
    );
    expect(await repository.deliveryMembersAt([])).toEqual({ version, rows: [] });
  });

  it('delivery asks for the count alone while its members are kept, and a change applies to the next message', async () => {
    const asked = { count: 0, members: 0 };
    const counting: UsersRepository = {
      ...repository,
      memberVersion: () => {
        asked.count += 1;
        return repository.memberVersion();
      },
      deliveryMembersAt: (ids) => {
        asked.members += 1;
        return repository.deliveryMembersAt(ids);
      },
    };
    await repository.update(ana, { language: 'English' });
    await repository.update(ben, { language: 'Spanish' });
    const events: ChatEvent[] = [];
    const messages = createMessagesRepository(database.db);
    const delivery = new ChatDelivery({
      translation: {
        messages,
        translator: new MarkingTranslator({}),
        detector: {
          engine: 'none',
          languages: () => Promise.resolve([]),
          detect: () => Promise.resolve(null),
        },
        log: quiet,
      },
      users: counting,
      allowance: { take: async () => ({ kind: 'free' }) } as unknown as TranslationAllowance,
      fanout: { publish: (event: ChatEvent) => events.push(event) } as unknown as ChatFanout,
    });
    const room = `private-${Math.min(ana, ben)}-${Math.max(ana, ben)}`;
    const sender = { id: ana, username: 'mv_ana', profileImage: null, language: 'English' };
    const send = async (clientId: string) => {
      const members = delivery.readMembers([ana, ben], ana);
      const stored = await messages.store(sender, textMessage(room, clientId, 'good morning'));
      delivery.deliver(stored, room, [ana, ben], ana, { members });
      await delivery.idle();
      return events.splice(0).find((event) => event.recipients.includes(ben))?.frame as {
        message?: string;
        translated?: boolean;
      };
    };

    expect((await send('mv-1')).message).toBe('(es) good morning');
    expect(asked).toEqual({ count: 0, members: 1 });
    expect((await send('mv-2')).message).toBe('(es) good morning');
    expect(asked).toEqual({ count: 1, members: 1 });
    // Ben now reads English: his next message is the original, untranslated.
    await repository.update(ben, { language: 'English' });
    expect((await send('mv-3')).message).toBe('good morning');
    expect(asked).toEqual({ count: 2, members: 2 });
  });
});
