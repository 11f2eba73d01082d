import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SPEC_MESSAGE_FIELDS,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// Parley's "Blocking in groups (issue 29)" extensions (docs/socket-protocol.md): `from_blocked:
// true` on a chat_message or history entry for a reader who blocked its sender, and the
// `block_changed` frame to the blocker's own sockets. A spec client sees every spec field as
// before and may ignore both.

let server: TestServer;
let ana: SpecUser;
let bo: SpecUser;
let cy: SpecUser;
const open: SpecSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url);
  bo = await registerSpecUser(server.url);
  cy = await registerSpecUser(server.url);
  await connectSpecUsers(ana, bo);
  await connectSpecUsers(ana, cy);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

describe('Blocking in groups (issue 29, ext)', () => {
  it('a blocker gets block_changed {user_id, blocked}, then the blocked member’s group messages with every spec field plus from_blocked: true', async () => {
    const form = new FormData();
    form.append('name', `Contract block ${process.pid}`);
    form.append('user_ids', String(bo.id));
    form.append('user_ids', String(cy.id));
    const created = await ana.http.call<{ room_name: string }>(
      'POST',
      '/chatmessage/create/group/',
      form,
    );
    expect(created.status).toBe(201);
    const room = created.body.room_name;

    const boSocket = await SpecSocket.open(server.url, bo);
    const cySocket = await SpecSocket.open(server.url, cy);
    open.push(boSocket, cySocket);
    const blocked = await bo.http.call('POST', '/accounts/block/', { user_id: cy.id });
    expect(blocked.status).toBe(204);
    expect(await boSocket.next('block_changed')).toEqual({
      type: 'block_changed',
      user_id: cy.id,
      blocked: true,
    });

    boSocket.send({ type: 'join_room', room_name: room });
    await boSocket.next('chat_history');
    cySocket.send({ type: 'join_room', room_name: room });
    await cySocket.next('chat_history');
    cySocket.send({ type: 'chat_message', message: 'Hola grupo', sender_id: cy.id });
    const toBo = await boSocket.next('chat_message', (frame) => frame.sender_id === cy.id);
    for (const field of SPEC_MESSAGE_FIELDS) expect(toBo).toHaveProperty(field);
    expect(toBo.from_blocked).toBe(true);
    // The sender never learns of the block.
    const echo = await cySocket.next('chat_message');
    expect(echo).not.toHaveProperty('from_blocked');

    boSocket.send({ type: 'join_room', room_name: room });
    const history = await boSocket.next('chat_history');
    const entry = (history.message as Record<string, unknown>[]).find(
      (message) => message.sender_id === cy.id && message.message !== undefined,
    );
    for (const field of SPEC_MESSAGE_FIELDS) expect(entry).toHaveProperty(field);
    expect(entry?.from_blocked).toBe(true);
  });
});
