import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedReads } from '../src/db/batchedReads.js';
import { createChatUser } from './support/chatClients.js';
import { held } from './support/held.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Many one-key reads made as few many-key statements (src/db/batchedReads.ts): the live chat's
// senders, blockers and glossaries (docs/performance.md, "Fan-out, round six").

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReads', () => {
  it('reads the keys asked in one turn together, and answers each caller its own', async () => {
    const reads: number[][] = [];
    const read = batchedReads(
      async (keys: readonly number[]) => {
        reads.push([...keys]);
        return new Map(keys.filter((key) => key !== 3).map((key) => [key, `row ${key}`]));
      },
      (key) => `none ${key}`,
    );
    const answers = await Promise.all([read(1), read(2), read(3), read(1)]);
    expect(answers).toEqual(['row 1', 'row 2', 'none 3', 'row 1']);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.sort()).toEqual([1, 2, 3]);
  });

  it('keys asked while a read is under way wait for it and go in the next read together', async () => {
    const reads: number[][] = [];
    const first = held<void>();
    const read = batchedReads(
      async (keys: readonly number[]) => {
        reads.push([...keys]);
        if (reads.length === 1) await first.promise;
        return new Map(keys.map((key) => [key, key * 10]));
      },
      () => 0,
    );
    const one = read(1);
    await turn();
    await turn();
    expect(reads).toEqual([[1]]);
    // Asked over several turns while the first statement runs: one more statement, not three.
    const later = [read(2)];
    await turn();
    later.push(read(3));
    await turn();
    later.push(read(4));
    await turn();
    expect(reads).toEqual([[1]]);
    first.resolve();
    expect(await one).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(reads).toEqual([[1], [2, 3, 4]]);
  });

  it('a failed read fails its own callers only; the next read is made as usual', async () => {
    let fail = true;
    const read = batchedReads(
      async (keys: readonly number[]) => {
        if (fail) throw new Error('database gone');
        return new Map(keys.map((key) => [key, 'ok']));
      },
      () => 'none',
    );
    const failed = await Promise.allSettled([read(1), read(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(1)).toBe('ok');
  });

  it('splits a crowd over 1,000 keys into statements of at most 1,000', async () => {
    const sizes: number[] = [];
    const read = batchedReads(
      async (keys: readonly number[]) => {
        sizes.push(keys.length);
        return new Map(keys.map((key) => [key, key]));
      },
      () => -1,
    );
    const keys = Array.from({ length: 2_500 }, (_, index) => index + 1);
    expect(await Promise.all(keys.map((key) => read(key)))).toEqual(keys);
    expect(sizes).toEqual([1_000, 1_000, 500]);
  });
});

describe('the repositories’ batched reads, on the real database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('senders, blockers and glossaries asked together come back per person', async () => {
    const [ana, ben, cai] = await Promise.all([1, 2, 3].map(() => createChatUser(server)));
    if (!ana || !ben || !cai) throw new Error('users');
    const { usersRepository, connectionsRepository, neverTranslatedRepository } = server.app;
    await connectionsRepository.block(ben.id, ana.id);
    await connectionsRepository.block(cai.id, ana.id);
    await neverTranslatedRepository.add(ben.id, 'Parley', 50);
    await neverTranslatedRepository.add(ben.id, 'Lisboa', 50);

    const missing = 2_000_000_000;
    const [senders, blockers, words] = await Promise.all([
      Promise.all([ana.id, ben.id, missing].map((id) => usersRepository.sender(id))),
      Promise.all([ana.id, ben.id, missing].map((id) => connectionsRepository.blockersOf(id))),
      Promise.all([ana.id, ben.id].map((id) => neverTranslatedRepository.words(id))),
    ]);
    expect(senders.map((sender) => sender?.id ?? null)).toEqual([ana.id, ben.id, null]);
    expect(senders[1]).toMatchObject({ username: ben.username });
    expect([...(blockers[0] ?? [])].sort()).toEqual([ben.id, cai.id].sort());
    expect([...(blockers[1] ?? [])]).toEqual([]);
    expect([...(blockers[2] ?? [])]).toEqual([]);
    expect(words).toEqual([[], ['Parley', 'Lisboa']]);
  });
});
