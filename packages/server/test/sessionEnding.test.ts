import { privateRoomName, SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../src/auth/accessTokens.js';
import { registerUser } from './support/accounts.js';
import { ChatClient, socketUrl } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './support/testServer.js';

const REFRESH = '/accounts/token/refresh/';

async function login(client: HttpClient, username: string, password: string): Promise<string> {
  await client.csrf();
  const response = await client.post<{ access_token: string }>(
    '/accounts/login/',
    { username, password },
    { csrf: true },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.access_token;
}

function sessionOf(token: string): string {
  const sid = decodeJwt(token).sid;
  if (typeof sid !== 'string') throw new Error('the token names no session');
  return sid;
}

describe('sessions that end', () => {
  let server: TestServer;
  const sockets: ChatClient[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  async function open(userId: number, token: string): Promise<ChatClient> {
    const socket = await ChatClient.connect(socketUrl(server, userId, token));
    sockets.push(socket);
    return socket;
  }

  it('names its session in every access token it issues (claim sid)', async () => {
    const client = server.client();
    const registered = await registerUser(client);
    const family = sessionOf(registered.access_token);
    const refreshed = await client.post<{ access: string }>(REFRESH, {}, { csrf: true });
    expect(sessionOf(refreshed.body.access)).toBe(family);
    const other = await login(
      server.client(),
      registered.payload.username,
      registered.payload.password,
    );
    expect(sessionOf(other)).not.toBe(family);
  });

  it('logout: the access token answers 401 at once, the open socket closes as signed out and delivers nothing more, a new socket is refused', async () => {
    const anaBrowser = server.client();
    const ana = await registerUser(anaBrowser);
    const laptop = server.client();
    const laptopToken = await login(laptop, ana.payload.username, ana.payload.password);
    const ben = await registerUser(server.client());
    const room = privateRoomName(ana.user_id, ben.user_id);

    const anaSocket = await open(ana.user_id, ana.access_token);
    const anaLaptopSocket = await open(ana.user_id, laptopToken);
    const benSocket = await open(ben.user_id, ben.access_token);
    await anaSocket.join(room);
    await benSocket.join(room);
    expect((await anaBrowser.get('/accounts/me/', { token: ana.access_token })).status).toBe(200);

    const logout = await anaBrowser.post('/accounts/logout/', undefined, { csrf: true });
    expect(logout.status).toBe(204);

    expect(await anaSocket.closed).toEqual({
      code: SOCKET_CLOSE_CODES.signedOut,
      reason: 'signed out',
    });
    const me = await anaBrowser.get('/accounts/me/', { token: ana.access_token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ detail: 'Given token not valid for any token type' });

    benSocket.send({
      type: 'chat_message',
      client_id: 'after',
      message: 'hi',
      sender_id: ben.user_id,
    });
    await benSocket.next('chat_message', (f) => f.client_id === 'after');
    expect(anaSocket.frames.filter((f) => f.type === 'chat_message')).toEqual([]);

    const again = await open(ana.user_id, ana.access_token);
    expect((await again.closed).code).toBe(SOCKET_CLOSE_CODES.policyViolation);

    // Ana's other sign-in is another session: it lives on.
    await anaLaptopSocket.ping();
    expect((await laptop.get('/accounts/me/', { token: laptopToken })).status).toBe(200);
  });

  it('endUserSessions ends every session of the user but the one kept, sockets included', async () => {
    const phone = server.client();
    const ana = await registerUser(phone);
    const laptop = server.client();
    const laptopToken = await login(laptop, ana.payload.username, ana.payload.password);
    const phoneSocket = await open(ana.user_id, ana.access_token);
    const laptopSocket = await open(ana.user_id, laptopToken);

    await server.app.sessions.endUserSessions(ana.user_id, {
      exceptFamily: sessionOf(ana.access_token),
    });

    expect((await laptopSocket.closed).code).toBe(SOCKET_CLOSE_CODES.signedOut);
    expect((await laptop.get('/accounts/me/', { token: laptopToken })).status).toBe(401);
    expect((await laptop.post(REFRESH, {}, { csrf: true })).status).toBe(401);
    await phoneSocket.ping();
    expect((await phone.get('/accounts/me/', { token: ana.access_token })).status).toBe(200);

    await server.app.sessions.endUserSessions(ana.user_id);
    expect((await phoneSocket.closed).code).toBe(SOCKET_CLOSE_CODES.signedOut);
    expect((await phone.get('/accounts/me/', { token: ana.access_token })).status).toBe(401);
  });

  it('a refresh replay inside the grace window gets the same successor once; the next replay revokes the family and ends the session', async () => {
    const client = server.client();
    const ana = await registerUser(client);
    const original = client.cookies.get('parley_refresh') ?? '';
    const rotated = await client.post<{ access: string }>(REFRESH, {}, { csrf: true });
    expect(rotated.status).toBe(200);
    const successor = client.cookies.get('parley_refresh');
    const socket = await open(ana.user_id, rotated.body.access);

    const answers: { status: number; cookie: string | undefined }[] = [];
    for (let i = 0; i < 3; i += 1) {
      client.cookies.set('parley_refresh', original);
      const replay = await client.post(REFRESH, {}, { csrf: true });
      answers.push({ status: replay.status, cookie: client.cookies.get('parley_refresh') });
    }
    expect(answers).toEqual([
      { status: 200, cookie: successor },
      { status: 401, cookie: undefined },
      { status: 401, cookie: undefined },
    ]);

    expect((await socket.closed).code).toBe(SOCKET_CLOSE_CODES.signedOut);
    expect((await client.get('/accounts/me/', { token: rotated.body.access })).status).toBe(401);
    client.cookies.set('parley_refresh', successor ?? '');
    expect((await client.post(REFRESH, {}, { csrf: true })).status).toBe(401);
  });

  it('three concurrent replays inside the grace window: at most one gets the successor', async () => {
    const client = server.client();
    await registerUser(client);
    const original = client.cookies.get('parley_refresh') ?? '';
    expect((await client.post(REFRESH, {}, { csrf: true })).status).toBe(200);
    const successor = client.cookies.get('parley_refresh');
    const csrf = client.cookies.get('csrftoken') ?? '';
    const replays = await Promise.all(
      [0, 1, 2].map(() =>
        fetch(new URL(REFRESH, server.url), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrftoken': csrf,
            cookie: `csrftoken=${csrf}; parley_refresh=${original}`,
          },
          body: '{}',
        }),
      ),
    );
    const handedOut = replays
      .flatMap((r) => r.headers.getSetCookie())
      .filter((c) => c.startsWith('parley_refresh=') && !c.startsWith('parley_refresh=;'))
      .map((c) => c.slice('parley_refresh='.length).split(';')[0]);
    expect(handedOut.length).toBeLessThanOrEqual(1);
    for (const token of handedOut) expect(token).toBe(successor);
  });

  it('an authenticate frame with an invalid token is refused and the socket stays; another user’s token closes it', async () => {
    const ana = await registerUser(server.client());
    const ben = await registerUser(server.client());
    const socket = await open(ana.user_id, ana.access_token);
    socket.send({ type: 'authenticate', token: 'not-a-token' });
    expect(await socket.next('error')).toMatchObject({ code: 'invalid_token' });
    await socket.ping();
    socket.send({ type: 'authenticate', token: ben.access_token });
    expect(await socket.closed).toEqual({
      code: SOCKET_CLOSE_CODES.policyViolation,
      reason: 'token does not match user',
    });
  });
});

describe('sockets end with their token', () => {
  const TTL_SECONDS = 2;
  let server: TestServer;
  const sockets: ChatClient[] = [];
  beforeAll(async () => {
    server = await startTestServer({ accessTokenTtl: TTL_SECONDS });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  it('closes a socket whose token expired (4002); one renewed with authenticate stays open', async () => {
    const client = server.client();
    const ana = await registerUser(client);
    const expiresAt = (decodeJwt(ana.access_token).exp ?? 0) * 1000;
    const lapsing = await ChatClient.connect(socketUrl(server, ana.user_id, ana.access_token));
    const renewed = await ChatClient.connect(socketUrl(server, ana.user_id, ana.access_token));
    sockets.push(lapsing, renewed);

    // A token of the same session that outlives the server's short one.
    const longer = await createAccessTokens(new TextEncoder().encode(TEST_JWT_SECRET), 120).issue({
      userId: ana.user_id,
      username: ana.user_name,
      sessionId: sessionOf(ana.access_token),
    });
    renewed.send({ type: 'authenticate', token: longer });
    const answer = await renewed.next('authenticated');
    expect(Date.parse(answer.expires_at)).toBe((decodeJwt(longer).exp ?? 0) * 1000);

    expect(await lapsing.closed).toEqual({
      code: SOCKET_CLOSE_CODES.tokenExpired,
      reason: 'token expired',
    });
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    await renewed.ping();
  });
});
