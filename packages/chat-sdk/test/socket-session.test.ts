import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SUSPENDED_CLOSE_REASON, SOCKET_CLOSE_CODES } from '../src/index';
import { API_URL, ana } from './support/fixtures';
import { signedInSocketClient, statusIs, useSocketSetup } from './support/socket-client';
import { makeToken, until } from './support/socket-server';
import { createCallLog, useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);

function refreshHandler(log: ReturnType<typeof createCallLog>, answer: () => Response) {
  return http.post(`${API_URL}/accounts/token/refresh/`, ({ request }) => {
    log.record(request);
    return answer();
  });
}

describe('the socket keeps its session (Parley extension)', () => {
  it('hands the open socket the new token in an authenticate frame after a refresh, without reconnecting', async () => {
    const { server, client } = setup;
    const fresh = makeToken(ana.id, 900);
    api.use(
      refreshHandler(createCallLog(), () => HttpResponse.json({ access: fresh })),
      http.get(`${API_URL}/accounts/me/`, ({ request }) =>
        request.headers.get('Authorization') === `Bearer ${fresh}`
          ? HttpResponse.json(ana)
          : HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
    );
    client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');

    // A 401 on any call refreshes the token (spec §4); the socket hears of it.
    await client.api.accounts.me();
    await until(() => connection.frames.length === 1);
    expect(connection.frames).toEqual([{ type: 'authenticate', token: fresh }]);
    expect(server.connections).toHaveLength(1);
    expect(client.socket.state.status).toBe('open');
  });

  it('refreshes ahead of the token’s expiry while open and renews the socket with it', async () => {
    const { server } = setup;
    const log = createCallLog();
    const fresh = makeToken(ana.id, 20, Date.now(), 0);
    api.use(refreshHandler(log, () => HttpResponse.json({ access: fresh })));
    // A 20-second token: renewed a quarter of its lifetime (5 s) before it expires.
    const { client } = await signedInSocketClient(server, makeToken(ana.id, 20, Date.now(), 0));
    client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');

    vi.advanceTimersByTime(14_000);
    await connection.roundTrip();
    expect(log.calls).toEqual([]);
    vi.advanceTimersByTime(1_000);
    await until(() => connection.frames.some((frame) => frame.type === 'authenticate'));
    expect(log.calls).toEqual(['POST /accounts/token/refresh/']);
    expect(connection.frames).toEqual([{ type: 'authenticate', token: fresh }]);
    expect(client.session.state.accessToken).toBe(fresh);
    client.dispose();
  });

  it('keeps working with a backend that does not know the frame (answered unknown_type)', async () => {
    const { server, client, logger } = setup;
    const fresh = makeToken(ana.id, 900);
    api.use(
      refreshHandler(createCallLog(), () => HttpResponse.json({ access: fresh })),
      http.get(`${API_URL}/accounts/me/`, ({ request }) =>
        request.headers.get('Authorization') === `Bearer ${fresh}`
          ? HttpResponse.json(ana)
          : HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
    );
    const errors: unknown[] = [];
    client.socket.on('error', (error) => errors.push(error));
    client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');
    // What Parley's server answered before it knew the frame (a spec backend says nothing).
    connection.ws.on('message', (data) => {
      if (String(data).includes('"authenticate"')) {
        connection.send({ type: 'error', code: 'unknown_type', detail: 'Unknown frame type.' });
      }
    });

    await client.api.accounts.me();
    await until(() => connection.frames.length === 1);
    await until(() => vi.mocked(logger.warn).mock.calls.some((call) => call[1] === 'unknown_type'));
    client.chat.openRoom('private-1-2');
    await until(() => connection.frames.length === 2);
    expect(connection.frames[1]).toEqual({ type: 'join_room', room_name: 'private-1-2' });
    expect(client.socket.state).toMatchObject({ status: 'open', error: null });
    expect(client.session.state.accessToken).toBe(fresh);
    expect(errors).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(
      '[parley] the server refused a frame',
      'unknown_type',
      'Unknown frame type.',
    );
  });

  it('on the signed-out close code clears the session, says session:expired and does not reconnect', async () => {
    const { server, client } = setup;
    const expired = vi.fn();
    client.on('session:expired', expired);
    client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');

    connection.close(SOCKET_CLOSE_CODES.signedOut, 'signed out');
    await until(() => client.session.state.status === 'signedOut');
    expect(client.session.state.accessToken).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(client.socket.state).toMatchObject({ status: 'closed', error: null });

    vi.advanceTimersByTime(60_000);
    await server.quiet();
    expect(server.connections).toHaveLength(1);
    expect(server.control.upgradeAttempts).toBe(1);
  });

  it('closed because a moderator suspended the account: session:suspended instead, no reconnect', async () => {
    const { server, client } = setup;
    const expired = vi.fn();
    const suspended = vi.fn();
    client.on('session:expired', expired);
    client.on('session:suspended', suspended);
    client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');

    connection.close(SOCKET_CLOSE_CODES.signedOut, ACCOUNT_SUSPENDED_CLOSE_REASON);
    await until(() => client.session.state.status === 'signedOut');
    expect(suspended).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();

    vi.advanceTimersByTime(60_000);
    await server.quiet();
    expect(server.control.upgradeAttempts).toBe(1);
  });

  it('signing out here closes the socket without a session:expired', async () => {
    const { server, client } = setup;
    let connection: Awaited<ReturnType<typeof server.connection>> | undefined;
    api.use(
      http.post(`${API_URL}/accounts/logout/`, () => {
        // Parley's server closes the session's socket before it answers.
        connection?.close(SOCKET_CLOSE_CODES.signedOut, 'signed out');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const expired = vi.fn();
    client.on('session:expired', expired);
    client.socket.connect();
    connection = await server.connection(1);
    await statusIs(client, 'open');

    await client.session.signOut();
    await until(() => connection?.closed === true);
    await server.quiet();
    expect(client.session.state.status).toBe('signedOut');
    expect(expired).not.toHaveBeenCalled();
  });

  it('reconnects after the expired-token close code, with no unauthenticated error', async () => {
    const { server, client } = setup;
    const errors: unknown[] = [];
    client.socket.on('error', (error) => errors.push(error));
    client.socket.connect();
    const first = await server.connection(1);
    await statusIs(client, 'open');

    first.close(SOCKET_CLOSE_CODES.tokenExpired, 'token expired');
    await statusIs(client, 'closed');
    expect(client.socket.state.error).toBeNull();
    vi.advanceTimersByTime(1_000);
    await server.connection(2);
    await statusIs(client, 'open');
    expect(errors).toEqual([]);
  });
});
