import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_HANDLERS } from '../../src/chat/frames/index.js';
import { SOCKET_CLOSE_REASONS } from '../../src/chat/socketCloseReasons.js';
import { ChatClient, issueToken, socketUrl } from '../support/chatClients.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { FRAME_ROWS, type SocketWorld } from './matrix.js';
import { buildWorld } from './world.js';

const ADD_A_ROW =
  'every frame type needs a row in FRAME_ROWS (test/authorization/matrix.ts) and docs/authorization.md';

let server: TestServer;
let world: SocketWorld;

beforeAll(async () => {
  server = await startTestServer();
  const base = await buildWorld(server);
  const [alice, bob, carol] = await Promise.all([
    ChatClient.open(server, base.alice),
    ChatClient.open(server, base.bob),
    ChatClient.open(server, base.carol),
  ]);
  world = { ...base, sockets: { alice, bob, carol } };
});

afterAll(async () => {
  for (const socket of Object.values(world?.sockets ?? {})) socket.close();
  await server?.close();
});

describe('the socket matrix covers every frame type', () => {
  it('a row for each type of the dispatch table, and one for binary chunks', () => {
    expect(FRAME_ROWS.map((row) => row.type).sort(), ADD_A_ROW).toEqual(
      [...Object.keys(FRAME_HANDLERS), 'binary'].sort(),
    );
  });

  it('docs/authorization.md has a row for each', async () => {
    const doc = await readFile(
      new URL('../../../../docs/authorization.md', import.meta.url),
      'utf8',
    );
    expect(
      FRAME_ROWS.filter((row) => !doc.includes(`| \`${row.type}\` |`)),
      ADD_A_ROW,
    ).toEqual([]);
  });
});

describe('opening a socket', () => {
  it('anonymous (no token): closed with 1008 unauthenticated', async () => {
    const socket = await ChatClient.connect(socketUrl(server, world.alice.id));
    expect(await socket.closed).toEqual({
      code: 1008,
      reason: SOCKET_CLOSE_REASONS.unauthenticated,
    });
  });

  it('a token that is not one of ours: closed with 1008 unauthenticated', async () => {
    const socket = await ChatClient.connect(socketUrl(server, world.alice.id, 'not.a.token'));
    expect(await socket.closed).toEqual({
      code: 1008,
      reason: SOCKET_CLOSE_REASONS.unauthenticated,
    });
  });

  it('Bob’s token on Alice’s socket path: closed with 1008', async () => {
    const token = await issueToken(world.bob.id, world.bob.username);
    const socket = await ChatClient.connect(socketUrl(server, world.alice.id, token));
    expect(await socket.closed).toEqual({ code: 1008, reason: SOCKET_CLOSE_REASONS.wrongUser });
  });
});

// A row with `denied: { none }` has no other person's room or call to reach (the doc says why).
const refusedRows = FRAME_ROWS.flatMap((row) =>
  'none' in row.denied ? [] : [row.denied].flat().map((denied) => [row.type, denied] as const),
);

describe.each(refusedRows)('%s', (_type, denied) => {
  it(`${denied.as}: error ${denied.code}`, async () => {
    const sender = world.sockets[denied.from];
    denied.send(world);
    const refusal = await sender.next('error', (frame) => frame.code === denied.code);
    expect(typeof refusal.detail).toBe('string');
    if (denied.detail) expect(refusal.detail).toBe(denied.detail);
    await denied.after?.(world);
    // The socket stays open and usable after a refusal.
    await sender.ping();
  });
});
