import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHAT_PATHS, MEDIA_LIMITS, POST_LIMITS, SAFETY_PATHS } from '@parley/chat-sdk';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../support/chatClients.js';
import { HttpClient } from '../support/httpClient.js';
import { REPO_ROOT, runGuideBlock } from './support/deployingGuide.js';
import { printClusterOnFailure, ScaleCluster } from './support/scaleCluster.js';
import { registerThrough, roomOf, type ScalePerson } from './support/scalePeople.js';

// Two instances behind nginx with TLS, set up by docs/deploying.md's own commands. Needs nginx and
// PostgreSQL (PARLEY_TEST_DATABASE_URL): without them this fails, saying how to get them.

let cluster: ScaleCluster;
printClusterOnFailure(() => cluster);
const sockets: ChatClient[] = [];

beforeAll(async () => {
  cluster = await ScaleCluster.start();
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.close();
}, 60_000);

function socketOn(url: string, person: ScalePerson): Promise<ChatClient> {
  const base = url.replace(/^http/, 'ws');
  return ChatClient.connect(`${base}/ws/chat/user_${person.id}/?token=${person.token}`).then(
    (socket) => {
      sockets.push(socket);
      return socket;
    },
  );
}

describe('the deployment guide, as tried', () => {
  it('serves /readyz and /healthz through nginx over TLS, and backs up with pg_dump', async () => {
    const checks = await runGuideBlock(cluster.guide, 'check-public', cluster.guideEnv);
    expect(checks).toContain('{"ready":true}');
    expect(checks).toContain('{"ok":true}');
    await runGuideBlock(cluster.guide, 'backup', cluster.guideEnv);
  });

  it("lets through the largest upload the server accepts (nginx's client_max_body_size)", async () => {
    const config = await readFile(join(REPO_ROOT, 'deploy/nginx/parley.conf'), 'utf8');
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(config)?.[1]);
    const largest = Math.max(
      ...Object.values(MEDIA_LIMITS),
      ...Object.values(POST_LIMITS).filter((value) => typeof value === 'number'),
    );
    // The largest file plus room for the multipart form, and not far beyond it.
    expect(megabytes * 1024 * 1024).toBeGreaterThan(largest);
    expect(megabytes * 1024 * 1024).toBeLessThanOrEqual(largest + 2 * 1024 * 1024);
  });
});

describe('two people on different instances', () => {
  it('chat both ways, see each other typing and get delivered receipts (presence)', async () => {
    const ana = await registerThrough(cluster.publicUrl);
    const ben = await registerThrough(cluster.publicUrl, 'Spanish');
    const room = roomOf(ana, ben);
    const onA = await socketOn(cluster.instanceUrl('a'), ana);
    const onB = await socketOn(cluster.instanceUrl('b'), ben);
    await onA.join(room);
    await onB.join(room);

    onA.send({
      type: 'typing',
      is_typing: true,
      sender_id: ana.id,
      username: ana.username,
      room_name: room,
    });
    const typing = await onB.next('typing_indicator', (f) => f.sender_id === ana.id);
    expect(typing).toMatchObject({ is_typing: true, room_name: room });

    onA.send({
      type: 'chat_message',
      message: 'hola from A',
      sender_id: ana.id,
      room_name: room,
      client_id: 'a-1',
    });
    const atB = await onB.next('chat_message', (f) => f.client_id === 'a-1');
    expect(atB).toMatchObject({ message: 'hola from A', sender_id: ana.id });
    // Ben's socket (on B) got it: Ana, on A, hears so.
    const delivered = await onA.next('delivered_receipt', (f) => f.user_id === ben.id);
    expect(delivered.message_id).toBe(atB.id);

    onB.send({
      type: 'typing',
      is_typing: true,
      sender_id: ben.id,
      username: ben.username,
      room_name: room,
    });
    expect(await onA.next('typing_indicator', (f) => f.sender_id === ben.id)).toMatchObject({
      is_typing: true,
    });
    onB.send({
      type: 'chat_message',
      message: 'hi from B',
      sender_id: ben.id,
      room_name: room,
      client_id: 'b-1',
    });
    expect(await onA.next('chat_message', (f) => f.client_id === 'b-1')).toMatchObject({
      message: 'hi from B',
      sender_id: ben.id,
    });
  });

  it('chat through the balancer over wss (WebSocket upgrade through nginx)', async () => {
    const ana = await registerThrough(cluster.publicUrl);
    const ben = await registerThrough(cluster.publicUrl);
    const room = roomOf(ana, ben);
    const first = await socketOn(cluster.publicUrl, ana);
    const second = await socketOn(cluster.publicUrl, ben);
    await first.join(room);
    await second.join(room);
    first.send({
      type: 'chat_message',
      message: 'through nginx',
      sender_id: ana.id,
      room_name: room,
      client_id: 'n-1',
    });
    expect(await second.next('chat_message', (f) => f.client_id === 'n-1')).toMatchObject({
      message: 'through nginx',
    });
  });
});

describe('a call between instances', () => {
  it('relays the signals between A and B and keeps one call record', async () => {
    const ana = await registerThrough(cluster.publicUrl);
    const ben = await registerThrough(cluster.publicUrl);
    const room = roomOf(ana, ben);
    const onA = await socketOn(cluster.instanceUrl('a'), ana);
    const onB = await socketOn(cluster.instanceUrl('b'), ben);
    await onA.join(room);
    await onB.join(room);
    // A conversation of their own: what lets them call each other.
    onA.send({ type: 'chat_message', message: 'call me', sender_id: ana.id, room_name: room });
    await onB.next('chat_message', (f) => f.message === 'call me');

    const signal = (from: ScalePerson, to: ScalePerson, s: Record<string, unknown>) => ({
      type: 'call_signal',
      from: from.id,
      to: to.id,
      call_type: 'audio',
      signal: s,
      user_objects: [{ id: from.id }, { id: to.id }],
    });
    onA.send(signal(ana, ben, { type: 'offer', sdp: 'v=0 offer from A' }));
    const offer = await onB.next('call_signal', (f) => f.signal.type === 'offer');
    expect(offer).toMatchObject({ from: ana.id, signal: { sdp: 'v=0 offer from A' } });
    onB.send(signal(ben, ana, { type: 'answer', sdp: 'v=0 answer from B' }));
    expect(await onA.next('call_signal', (f) => f.signal.type === 'answer')).toMatchObject({
      from: ben.id,
      signal: { sdp: 'v=0 answer from B' },
    });
    await onA.next('chat_message', (f) => f.call_event?.event === 'started');
    onA.send(signal(ana, ben, { type: 'hangup', reason: 'ended' }));
    await onB.next('chat_message', (f) => f.call_event?.event === 'ended');

    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const records = await db.query<{ event: string }>(
        `select call_event->>'event' as event from messages
         where room = $1 and call_event is not null order by id`,
        [room],
      );
      expect(records.rows.map((row) => row.event)).toEqual(['started', 'ended']);
    } finally {
      await db.end();
    }
  });
});

describe('blocking in a group across instances', () => {
  it('a block made on B marks the next message A delivers, though A had just read who blocked the sender', async () => {
    const [ana, bo, cy] = await Promise.all(
      [1, 2, 3].map(() => registerThrough(cluster.publicUrl)),
    );
    if (!ana || !bo || !cy) throw new Error('people');
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      for (const other of [bo, cy]) {
        await db.query(
          `insert into connections (from_user_id, to_user_id, status, accepted_at)
           values ($1, $2, 'accepted', now())`,
          [ana.id, other.id],
        );
      }
    } finally {
      await db.end();
    }
    const form = new FormData();
    form.append('name', `Across ${process.pid}`);
    form.append('user_ids', String(bo.id));
    form.append('user_ids', String(cy.id));
    const created = await new HttpClient(cluster.instanceUrl('a')).post<{ room_name: string }>(
      CHAT_PATHS.createGroup,
      form,
      { token: ana.token },
    );
    expect(created.status, created.text).toBe(201);
    const room = created.body.room_name;
    // Cy writes on A (A marks Cy's deliveries); Bo reads on B and blocks there.
    const cyOnA = await socketOn(cluster.instanceUrl('a'), cy);
    const boOnB = await socketOn(cluster.instanceUrl('b'), bo);
    await cyOnA.join(room);
    await boOnB.join(room);
    const say = async (clientId: string) => {
      cyOnA.send({
        type: 'chat_message',
        client_id: clientId,
        message: clientId,
        sender_id: cy.id,
      });
      return boOnB.next('chat_message', (f) => f.client_id === clientId);
    };

    expect((await say('x-1')).from_blocked).toBeUndefined();
    const blocked = await new HttpClient(cluster.instanceUrl('b')).post(
      SAFETY_PATHS.block,
      { user_id: cy.id },
      { token: bo.token },
    );
    expect(blocked.status, blocked.text).toBe(204);
    await boOnB.next('block_changed');
    // Events cross in the order B published them: once Bo's next message (from B) reaches Cy on
    // A, A has heard of the block.
    boOnB.send({ type: 'chat_message', client_id: 'x-bo', message: 'ok', sender_id: bo.id });
    await cyOnA.next('chat_message', (f) => f.client_id === 'x-bo');
    expect((await say('x-2')).from_blocked).toBe(true);
  });
});
