import type { ParleyClient } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistory } from '../support/serverProcess.js';
import { type InstanceName, printClusterOnFailure, ScaleCluster } from './support/scaleCluster.js';
import { ownMessages, twoChatting, until } from './support/scalePeople.js';

// A rolling restart as docs/deploying.md describes it (SIGTERM A, start A, SIGTERM B, start B)
// while two people chat steadily through nginx with the real sdk: nothing is lost.

let cluster: ScaleCluster;
printClusterOnFailure(() => cluster);
const clients: ParleyClient[] = [];

beforeAll(async () => {
  cluster = await ScaleCluster.start();
}, 120_000);
afterAll(async () => {
  for (const client of clients) client.dispose();
  await cluster?.close();
}, 60_000);

describe('rolling restart under steady chat', () => {
  it('loses nothing: every message is acknowledged, stored once and shown to the other person', async () => {
    const { ana, room, people } = await twoChatting(cluster.publicUrl, clients);

    let sent = 0;
    let chatting = true;
    const steadyChat = (async () => {
      while (chatting) {
        for (const [person, client] of people) {
          client.chat.sendMessage({ roomName: room, text: `${person.username} ${sent}` });
        }
        sent += 1;
        // Steady, not a flood: about seven messages a second each. (A reconnect flushes what was
        // queued meanwhile; more than 64 frames at once exceed the server's admission queue while
        // the budget is leased from PostgreSQL, and are refused rate_limited: chatConnection.ts.)
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();

    const restarts: { name: InstanceName; exit: unknown; output: string }[] = [];
    for (const name of ['a', 'b'] as const) {
      const stopped = await cluster.stopInstance(name, 'SIGTERM');
      restarts.push({ name, ...stopped });
      await cluster.startInstance(name);
    }
    chatting = false;
    await steadyChat;

    // A drained stop exits 0.
    for (const restart of restarts)
      expect(restart.exit, restart.output).toEqual({ code: 0, signal: null });

    for (const [person, client] of people) {
      await until(
        () => ownMessages(client, room, person.id).every((m) => m.status !== 'sending'),
        `${person.username}'s messages to settle`,
        60_000,
      );
    }
    const stored = await readHistory(cluster.publicUrl, ana, room);
    for (const [person, client] of people) {
      const own = ownMessages(client, room, person.id);
      expect(own).toHaveLength(sent);
      expect(
        own.filter((m) => m.status !== 'sent').map((m) => `${m.message}: ${m.error?.code}`),
      ).toEqual([]);
      const storedOwn = stored.filter((m) => m.sender_id === person.id);
      expect(storedOwn.map((m) => m.message)).toEqual(
        Array.from({ length: sent }, (_, i) => `${person.username} ${i}`),
      );
      const other = people.find(([p]) => p.id !== person.id)?.[1] as ParleyClient;
      await until(
        () => own.every((a) => ownMessages(other, room, person.id).some((m) => m.id === a.id)),
        `the other side to hold all of ${person.username}'s messages`,
        30_000,
      );
    }
  }, 150_000);
});
