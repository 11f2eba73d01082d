import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ChatClient, createChatUser } from './support/chatClients.js';
import { startTestServer } from './support/testServer.js';

// Stopping the real server while a keep-alive connection is still sending a request: the
// answer goes out, then the connection is closed, so the stop does not wait out the keep-alive
// time (72 s) for a client that keeps its idle connection open.

function collect(socket: Socket): { text: () => string; closed: Promise<void> } {
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { text: () => received, closed };
}

describe('stopping', () => {
  it('answers a request that was under way, then closes its keep-alive connection', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const reply = collect(socket);
    // Node emits `request` once the headers are parsed, before the body has come.
    const begun = once(server.app.server, 'request');
    const body = JSON.stringify({ username: 'nobody-here', password: 'wrong-password' });
    // Headers and half the body: the request has begun when the stop starts.
    socket.write(
      `POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    );
    await begun;
    const stopped = server.close();
    socket.write(body.slice(10));
    // The client keeps its end open; only the server can close this connection.
    await reply.closed;
    expect(reply.text()).toMatch(/^HTTP\/1\.1 4\d\d /); // refused (no CSRF header), but answered
    await stopped;
  });

  it('does not wait for ever on a client that never finishes its request', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const reply = collect(socket);
    const begun = once(server.app.server, 'request');
    // Promises 100 bytes of body and sends 10 of them, then nothing more.
    socket.write(
      `POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"usernam`,
    );
    await begun;
    await server.close();
    await reply.closed;
    expect(socket.destroyed).toBe(true);
  });

  it('does not wait for ever on a socket that never answers its close frame', async () => {
    const server = await startTestServer();
    const user = await createChatUser(server);
    const client = await ChatClient.open(server, user);
    // The client stops reading: the server's close frame (1012) is never answered.
    const socket = (client.ws as unknown as { _socket: Socket })._socket;
    socket.pause();
    const ended = new Promise<void>((resolve) => server.app.server.once('close', () => resolve()));
    await server.close();
    await ended;
    socket.resume(); // reads what the server sent: its close frame, then the end of the connection
    expect((await client.closed).code).toBe(1012);
  });
});
