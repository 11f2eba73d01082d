import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// Spec §7 "Socket": call_signal {from, to, call_type, signal, user_objects} and live_transcript
// {from, transcript, user_objects}, sent exactly with the spec's fields; plus Parley's one call
// endpoint, GET /calls/ice-servers/ (docs/protocol.md, Calls).

let server: TestServer;
let ana: SpecUser;
let bo: SpecUser;
const open: SpecSocket[] = [];

async function connect(user: SpecUser): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  return socket;
}

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url, 'English');
  bo = await registerSpecUser(server.url, 'English');
  await connectSpecUsers(ana, bo);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

describe('spec §7 socket, call frames', () => {
  it('call_signal {from, to, call_type, signal, user_objects}: offer, answer and ice-candidate reach the other person with the spec fields', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    const user_objects = [
      { id: ana.id, username: ana.username },
      { id: bo.id, username: bo.username },
    ];
    const signals = [
      { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' },
      {
        type: 'ice-candidate',
        candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    ];
    for (const signal of signals) {
      anaSocket.send({
        type: 'call_signal',
        from: ana.id,
        to: bo.id,
        call_type: 'video',
        signal,
        user_objects,
      });
      const got = await boSocket.next('call_signal');
      expect(got).toMatchObject({ from: ana.id, to: bo.id, call_type: 'video', signal });
      expect(got).toHaveProperty('user_objects');
    }
    const answer = { type: 'answer', sdp: 'v=0\r\n' };
    boSocket.send({
      type: 'call_signal',
      from: bo.id,
      to: ana.id,
      call_type: 'video',
      signal: answer,
      user_objects,
    });
    expect(await anaSocket.next('call_signal')).toMatchObject({
      from: bo.id,
      to: ana.id,
      signal: answer,
    });
  });

  it('live_transcript {from, transcript, user_objects} reaches the other person of the call', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    const call = { from: ana.id, to: bo.id, call_type: 'audio' };
    anaSocket.send({ type: 'call_signal', ...call, signal: { type: 'offer', sdp: 'v=0\r\n' } });
    await boSocket.next('call_signal');
    boSocket.send({
      type: 'call_signal',
      from: bo.id,
      to: ana.id,
      call_type: 'audio',
      signal: { type: 'answer', sdp: 'v=0\r\n' },
    });
    await anaSocket.next('call_signal');
    anaSocket.send({
      type: 'live_transcript',
      from: ana.id,
      transcript: 'hello there',
      user_objects: [
        { id: ana.id, username: ana.username },
        { id: bo.id, username: bo.username },
      ],
    });
    const got = await boSocket.next('live_transcript');
    expect(got).toMatchObject({ from: ana.id, transcript: 'hello there' });
    expect(got).toHaveProperty('user_objects');
  });
});

describe('Parley call endpoint', () => {
  it('GET /calls/ice-servers/ (bearer) answers {ice_servers, expires_at}; anonymous gets 401', async () => {
    const response = await ana.http.call<{ ice_servers: { urls: string }[]; expires_at: null }>(
      'GET',
      '/calls/ice-servers/',
    );
    expect(response.status).toBe(200);
    expect(response.body.ice_servers.length).toBeGreaterThan(0);
    expect(response.body).toHaveProperty('expires_at');
    const anonymous = await fetch(`${server.url}/calls/ice-servers/`);
    expect(anonymous.status).toBe(401);
  });
});
