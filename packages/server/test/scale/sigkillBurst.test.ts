import type { ParleyClient } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistory } from '../support/serverProcess.js';
import { printClusterOnFailure, ScaleCluster } from './support/scaleCluster.js';
import { ownMessages, type ScalePerson, twoChatting, until } from './support/scalePeople.js';

// Instance A is killed (SIGKILL: no drain, no 1012) in the middle of a 1,000-message burst between
// two people whose sdk clients reach Parley through nginx. The sdk reconnects through nginx to B.

const BURST = 1_000;
let cluster: ScaleCluster;
printClusterOnFailure(() => cluster);
const clients: ParleyClient[] = [];

beforeAll(async () => {
  // Only A at first, so that both people's sockets are on A when it dies (nginx sends everything
  // to A while B refuses connections).
  cluster = await ScaleCluster.start({ instances: ['a'] });
}, 120_000);
afterAll(async () => {
  for (const client of clients) client.dispose();
  await cluster?.close();
}, 60_000);

describe('SIGKILL in the middle of a burst', () => {
  it('every acknowledged message arrives exactly once, in order per sender, after the sdk reconnects to B', async () => {
    const { ana, room, people } = await twoChatting(cluster.publicUrl, clients);
    await cluster.startInstance('b');
    const anaClient = clients[0] as ParleyClient;

    // Half the burst each, interleaved, with at most WINDOW unsettled per sender (as a person's
    // app would keep sending while the socket flows); A dies once three quarters of Ana's half are
    // acknowledged. What is sent after the kill waits behind the frames that died with A, and a
    // queue leaves the sdk at its reconnect pace (a quarter of the spec's per-person rate:
    // chat-socket.ts), so the later the kill, the shorter the run; a quarter took over a minute.
    const WINDOW = 40;
    const settled = (person: ScalePerson, client: ParleyClient) =>
      ownMessages(client, room, person.id).filter((m) => m.status !== 'sending').length;
    let killed: Promise<unknown> | null = null;
    for (let i = 0; i < BURST / 2; i += 1) {
      for (const [person, client] of people) {
        client.chat.sendMessage({ roomName: room, text: `${person.username} ${i}` });
        await until(() => settled(person, client) >= i + 1 - WINDOW, 'the window', 60_000);
      }
      const acked = ownMessages(anaClient, room, ana.id).filter((m) => m.status === 'sent').length;
      if (!killed && acked >= (BURST / 2) * 0.75) killed = cluster.stopInstance('a', 'SIGKILL');
    }
    // A died mid-burst: not before the sends began, nor after they ended.
    expect(killed).not.toBeNull();
    await killed;

    // Every message ends acknowledged or failed (the sdk gives up on a frame lost with A).
    for (const [person, client] of people) {
      await until(
        () =>
          ownMessages(client, room, person.id).length === BURST / 2 &&
          ownMessages(client, room, person.id).every((m) => m.status !== 'sending'),
        `${person.username}'s messages to settle`,
        60_000,
      );
      expect(client.socket.state.status).toBe('open');
    }

    const stored = await readHistory(cluster.publicUrl, ana, room);
    for (const [person, client] of people) {
      const acked = ownMessages(client, room, person.id).filter((m) => m.status === 'sent');
      // Most of the burst went through; what A took down with it is the frames in flight.
      expect(acked.length).toBeGreaterThan(BURST / 2 - 2 * WINDOW);
      const storedOwn = stored.filter((m) => m.sender_id === person.id);
      for (const message of acked) {
        expect(storedOwn.filter((m) => m.id === message.id)).toHaveLength(1);
        expect(storedOwn.filter((m) => m.client_id === message.client_id)).toHaveLength(1);
      }
      // In order per sender: stored ids rise with the number in the text.
      const numbers = storedOwn.map((m) => Number(m.message.split(' ')[1]));
      expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
      expect(new Set(numbers).size).toBe(numbers.length);

      // And the other person's sdk shows each acknowledged one once.
      const other = people.find(([p]) => p.id !== person.id)?.[1] as ParleyClient;
      await until(
        () => acked.every((a) => ownMessages(other, room, person.id).some((m) => m.id === a.id)),
        `the other side to hold ${person.username}'s acknowledged messages`,
        30_000,
      );
      const seen = ownMessages(other, room, person.id).map((m) => m.id);
      expect(new Set(seen).size).toBe(seen.length);
    }
  }, 150_000);
});
