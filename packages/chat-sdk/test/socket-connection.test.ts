import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SDK_MESSAGES, type ServerFrame, SOCKET_LIMITS, type WebSocketLike } from '../src/index';
import { API_URL, ana } from './support/fixtures';
import { signedInSocketClient, statusIs, useSocketSetup } from './support/socket-client';
import { flushTasks, makeToken, until } from './support/socket-server';
import { createCallLog, useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);

describe('the chat socket (spec §4)', () => {
  it('connects to /ws/chat/user_{id}/ with the session token and reports connecting, open, closed', async () => {
    const { server, client, token } = setup;
    const statuses: string[] = [];
    client.socket.on('status', (status) => statuses.push(status));

    const release = client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(connection.path).toBe(
      `/ws/chat/user_${ana.id}/?token=${token}&features=grouped_receipts&timezone=${encodeURIComponent(zone)}`,
    );

    release();
    await statusIs(client, 'closed');
    expect(statuses).toEqual(['connecting', 'open', 'closed']);
    await until(() => connection.closed);
  });

  it('queues frames while not open and flushes them in order on open, after rejoining the room', async () => {
    const { server, client } = setup;
    client.chat.openRoom('private_1_2');
    const frames = [
      { type: 'typing', is_typing: true, sender_id: 1, username: 'ana', room_name: 'private_1_2' },
      { type: 'recording', is_recording: true, sender_id: 1, username: 'ana' },
      { type: 'typing', is_typing: true, sender_id: 1, username: 'ana', room_name: 'team' },
    ] as const;
    for (const frame of frames) expect(client.socket.send(frame)).toBe('queued');
    expect(client.socket.send({ type: 'ping' })).toBe('dropped');
    expect(client.socket.state.queued).toBe(3);

    client.socket.connect();
    const connection = await server.connection(1);
    await until(() => connection.frames.length === 4);
    expect(connection.frames).toEqual([{ type: 'join_room', room_name: 'private_1_2' }, ...frames]);
    expect(client.socket.state.queued).toBe(0);
    expect(client.socket.send({ type: 'ping' })).toBe('sent');
  });

  it('rejoins the current room on every open', async () => {
    const { server, client } = setup;
    client.socket.connect();
    const first = await server.connection(1);
    await statusIs(client, 'open');
    client.chat.openRoom('team-rocket');
    await until(() => first.frames.length === 1);
    expect(first.frames).toEqual([{ type: 'join_room', room_name: 'team-rocket' }]);

    first.close(4000, 'restart');
    await statusIs(client, 'closed');
    vi.advanceTimersByTime(1000);
    const second = await server.connection(2);
    await until(() => second.frames.length === 1);
    expect(second.frames).toEqual([{ type: 'join_room', room_name: 'team-rocket' }]);
  });

  it('pings every 30 s while open, and not after closing', async () => {
    const { server, client } = setup;
    const release = client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');
    const pings = () => connection.frames.filter((frame) => frame.type === 'ping').length;
    let pongs = 0;
    client.socket.on('frame', (frame) => {
      if (frame.type === 'pong') pongs++;
    });

    vi.advanceTimersByTime(29_999);
    await connection.roundTrip();
    expect(pings()).toBe(0);
    vi.advanceTimersByTime(1);
    await until(() => pings() === 1);
    // Each step lets the pong come back (real I/O) before the next ping is due.
    await until(() => pongs === 1);
    vi.advanceTimersByTime(30_000);
    await until(() => pings() === 2 && pongs === 2);
    vi.advanceTimersByTime(30_000);
    await until(() => pings() === 3 && pongs === 3);
    expect(client.socket.state.status).toBe('open');

    release();
    await statusIs(client, 'closed');
    vi.advanceTimersByTime(90_000);
    await server.quiet();
    expect(pings()).toBe(3);
  });

  it('reconnects when a ping goes unanswered until the next one is due', async () => {
    const { server, client, logger } = setup;
    server.control.answerPings = false;
    client.socket.connect();
    const silent = await server.connection(1);
    await statusIs(client, 'open');

    vi.advanceTimersByTime(30_000);
    await until(() => silent.frames.length === 1);
    vi.advanceTimersByTime(29_999);
    await silent.roundTrip();
    expect(client.socket.state.status).toBe('open');
    vi.advanceTimersByTime(1);
    await statusIs(client, 'closed');
    expect(logger.warn).toHaveBeenCalledWith('[parley] no answer to the last ping; reconnecting');
    await until(() => silent.closed);

    // Answered pings keep the next connection open.
    server.control.answerPings = true;
    vi.advanceTimersByTime(1000);
    await server.connection(2);
    await statusIs(client, 'open');
    let pongs = 0;
    client.socket.on('frame', (frame) => {
      if (frame.type === 'pong') pongs++;
    });
    for (let n = 1; n <= 3; n++) {
      vi.advanceTimersByTime(30_000);
      await until(() => pongs === n);
    }
    expect(client.socket.state.status).toBe('open');
    expect(server.connections).toHaveLength(2);
  });

  it('logs frames of unknown type, non-JSON and binary frames, and keeps going', async () => {
    const { server, client, logger } = setup;
    const received: ServerFrame[] = [];
    client.socket.on('frame', (frame) => received.push(frame));
    client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');

    connection.send({ type: 'mystery', payload: 1 });
    connection.ws.send('not json');
    connection.ws.send(Buffer.from([1, 2, 3]));
    connection.send({ detail: 'no type' });
    connection.send({ type: 'pong' });

    await until(() => received.length === 1);
    expect(received).toEqual([{ type: 'pong' }]);
    expect(logger.warn).toHaveBeenCalledWith(
      '[parley] ignored a socket frame of unknown type',
      'mystery',
    );
    expect(logger.warn).toHaveBeenCalledTimes(4);
    expect(client.socket.state.status).toBe('open');
  });

  it('ignores every event of a socket that has been replaced', async () => {
    const { server, client } = setup;
    const received: ServerFrame[] = [];
    client.socket.on('frame', (frame) => received.push(frame));
    client.socket.connect();
    const old = await server.connection(1);
    await statusIs(client, 'open');

    // Replace the socket; the old one still delivers a frame and then its close.
    client.socket.disconnect();
    client.socket.connect();
    old.send({
      type: 'typing_indicator',
      room_name: 'r',
      sender_id: 2,
      username: 'bo',
      is_typing: true,
    });
    const current = await server.connection(2);
    await statusIs(client, 'open');
    await until(() => old.closed);
    await current.roundTrip();

    expect(received).toEqual([]);
    expect(client.socket.state).toMatchObject({ status: 'open', retries: 0, nextAttemptAt: null });
    current.send({ type: 'pong' });
    await until(() => received.length === 1);
  });

  it('keeps one socket across a StrictMode mount, unmount, mount, and closes after the last release', async () => {
    const { server, client } = setup;
    const statuses: string[] = [];
    client.socket.on('status', (status) => statuses.push(status));
    const first = client.socket.connect();
    first();
    const second = client.socket.connect();
    const again = client.socket.connect();
    await statusIs(client, 'open');
    await server.quiet();
    expect(server.control.upgradeAttempts).toBe(1);
    expect(statuses).toEqual(['connecting', 'open']);

    second();
    await (await server.connection(1)).roundTrip();
    expect(client.socket.state.status).toBe('open');
    again();
    again();
    await statusIs(client, 'closed');
    vi.advanceTimersByTime(60_000);
    await server.quiet();
    expect(server.control.upgradeAttempts).toBe(1);
  });
});

describe('waking up', () => {
  it('reconnects at once on `online` and when a hidden tab becomes visible', async () => {
    const { server, client } = setup;
    const windowTarget = new EventTarget();
    const documentTarget = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    vi.stubGlobal('addEventListener', windowTarget.addEventListener.bind(windowTarget));
    vi.stubGlobal('removeEventListener', windowTarget.removeEventListener.bind(windowTarget));
    vi.stubGlobal('document', documentTarget);
    try {
      server.control.refuseUpgrades = true;
      client.socket.connect();
      await until(() => server.control.upgradeAttempts === 1);
      await statusIs(client, 'closed');
      expect(client.socket.state.nextAttemptAt).not.toBeNull();

      windowTarget.dispatchEvent(new Event('online'));
      await until(() => server.control.upgradeAttempts === 2);
      await statusIs(client, 'closed');

      documentTarget.dispatchEvent(new Event('visibilitychange'));
      await server.quiet();
      expect(server.control.upgradeAttempts).toBe(2);

      server.control.refuseUpgrades = false;
      documentTarget.visibilityState = 'visible';
      documentTarget.dispatchEvent(new Event('visibilitychange'));
      await statusIs(client, 'open');
      expect(server.control.upgradeAttempts).toBe(3);
    } finally {
      client.socket.disconnect();
      vi.unstubAllGlobals();
    }
  });
});

describe('closed as the oldest of too many sockets (4008, Parley extension)', () => {
  it('says so, does not reconnect by itself, and reconnects when the tab is shown again', async () => {
    const { server, client } = setup;
    const windowTarget = new EventTarget();
    const documentTarget = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('addEventListener', windowTarget.addEventListener.bind(windowTarget));
    vi.stubGlobal('removeEventListener', windowTarget.removeEventListener.bind(windowTarget));
    vi.stubGlobal('document', documentTarget);
    try {
      const errors: unknown[] = [];
      client.socket.on('error', (error) => errors.push(error));
      client.socket.connect();
      const first = await server.connection(1);
      await statusIs(client, 'open');
      first.close(4008, 'too many open sockets for this account');
      await until(() => errors.length === 1);
      expect(errors[0]).toEqual({
        message: SDK_MESSAGES.socketTooManyOpen,
        closeCode: 4008,
        reason: 'too many open sockets for this account',
      });
      expect(client.socket.state.error).toBe(SDK_MESSAGES.socketTooManyOpen);
      // Reconnecting would close another of the person's sockets: nothing happens by itself.
      for (let i = 0; i < 6; i++) {
        vi.advanceTimersByTime(10_000);
        await server.quiet();
      }
      expect(server.control.upgradeAttempts).toBe(1);
      expect(client.socket.state.nextAttemptAt).toBeNull();

      documentTarget.dispatchEvent(new Event('visibilitychange'));
      await statusIs(client, 'open');
      expect(server.control.upgradeAttempts).toBe(2);
    } finally {
      client.socket.disconnect();
      vi.unstubAllGlobals();
    }
  });
});

describe('tokens before connecting', () => {
  function refreshHandler(log: ReturnType<typeof createCallLog>, answer: () => Response) {
    return http.post(`${API_URL}/accounts/token/refresh/`, ({ request }) => {
      log.record(request);
      return answer();
    });
  }

  it('refreshes a missing token first and connects with the new one', async () => {
    const { server } = setup;
    const log = createCallLog();
    const fresh = makeToken(ana.id, 900);
    api.use(refreshHandler(log, () => HttpResponse.json({ access: fresh })));
    const { client } = await signedInSocketClient(server, null);

    client.socket.connect();
    const connection = await server.connection(1);
    expect(log.calls).toEqual(['POST /accounts/token/refresh/']);
    expect(connection.token).toBe(fresh);
    expect(connection.path.startsWith(`/ws/chat/user_${ana.id}/`)).toBe(true);
    client.dispose();
  });

  it('refreshes an expired token first', async () => {
    const { server } = setup;
    const log = createCallLog();
    const fresh = makeToken(ana.id, 900);
    api.use(refreshHandler(log, () => HttpResponse.json({ access: fresh })));
    const { client } = await signedInSocketClient(server, makeToken(ana.id, -60));

    client.socket.connect();
    const connection = await server.connection(1);
    expect(log.count('POST /accounts/token/refresh/')).toBe(1);
    expect(connection.token).toBe(fresh);
    expect(client.session.state.accessToken).toBe(fresh);
    client.dispose();
  });

  it('connects with a short-lived token it was just given, without refreshing it again', async () => {
    const { server } = setup;
    const log = createCallLog();
    api.use(refreshHandler(log, () => HttpResponse.json({ access: makeToken(ana.id, 900) })));
    // A server issuing 3-second tokens: the 10 s margin would call every such token stale.
    const justIssued = makeToken(ana.id, 3, Date.now(), 0);
    const { client } = await signedInSocketClient(server, justIssued);

    client.socket.connect();
    const connection = await server.connection(1);
    expect(connection.token).toBe(justIssued);
    expect(log.calls).toEqual([]);
    client.dispose();
  });

  it('still refreshes a long-lived token within the margin of its expiry', async () => {
    const { server } = setup;
    const log = createCallLog();
    const fresh = makeToken(ana.id, 900);
    api.use(refreshHandler(log, () => HttpResponse.json({ access: fresh })));
    const { client } = await signedInSocketClient(server, makeToken(ana.id, 5, Date.now(), 895));

    client.socket.connect();
    const connection = await server.connection(1);
    expect(log.calls).toEqual(['POST /accounts/token/refresh/']);
    expect(connection.token).toBe(fresh);
    client.dispose();
  });

  it('waits for `online` instead of refreshing while the browser says it is offline', async () => {
    const { server } = setup;
    const log = createCallLog();
    const fresh = makeToken(ana.id, 900);
    api.use(refreshHandler(log, () => HttpResponse.json({ access: fresh })));
    const windowTarget = new EventTarget();
    const navigatorStub = { onLine: false };
    vi.stubGlobal('addEventListener', windowTarget.addEventListener.bind(windowTarget));
    vi.stubGlobal('removeEventListener', windowTarget.removeEventListener.bind(windowTarget));
    vi.stubGlobal('navigator', navigatorStub);
    const { client } = await signedInSocketClient(server, makeToken(ana.id, -60));
    try {
      const statuses: string[] = [];
      client.socket.on('status', (status) => statuses.push(status));
      client.socket.connect();
      await until(() => statuses.join() === 'connecting,closed');
      await server.quiet();
      expect(log.calls).toEqual([]);
      expect(client.session.state.status).toBe('signedIn');

      navigatorStub.onLine = true;
      windowTarget.dispatchEvent(new Event('online'));
      const connection = await server.connection(1);
      expect(connection.token).toBe(fresh);
    } finally {
      client.dispose();
      vi.unstubAllGlobals();
    }
  });

  it('keeps the session and retries with backoff when that refresh gets no answer', async () => {
    const { server } = setup;
    const log = createCallLog();
    const fresh = makeToken(ana.id, 900);
    let refreshes = 0;
    api.use(
      refreshHandler(log, () => {
        refreshes += 1;
        return refreshes === 1 ? HttpResponse.error() : HttpResponse.json({ access: fresh });
      }),
    );
    const { client } = await signedInSocketClient(server, makeToken(ana.id, -60));
    const expired = vi.fn();
    client.on('session:expired', expired);

    client.socket.connect();
    await until(() => log.calls.length === 1);
    await statusIs(client, 'closed');
    expect(client.session.state.status).toBe('signedIn');
    expect(client.socket.state.nextAttemptAt).not.toBeNull();

    vi.advanceTimersByTime(60_000);
    const connection = await server.connection(1);
    expect(connection.token).toBe(fresh);
    expect(log.count('POST /accounts/token/refresh/')).toBe(2);
    expect(expired).not.toHaveBeenCalled();
    client.dispose();
  });

  it('does not connect when that refresh fails, and does not retry on its own', async () => {
    const { server } = setup;
    const log = createCallLog();
    api.use(
      refreshHandler(log, () => HttpResponse.json({ detail: 'No session' }, { status: 401 })),
    );
    const { client } = await signedInSocketClient(server, makeToken(ana.id, -60));
    const expired = vi.fn();
    client.on('session:expired', expired);

    client.socket.connect();
    await until(() => log.calls.length === 1);
    await statusIs(client, 'closed');
    vi.advanceTimersByTime(60_000);
    await server.quiet();
    expect(server.control.upgradeAttempts).toBe(0);
    expect(log.calls.length).toBe(1);
    expect(expired).toHaveBeenCalledTimes(1);
    client.dispose();
  });
});

describe('an unauthenticated close (1008 or 403)', () => {
  it('on 1008 emits the spec error, refreshes once, and stops retrying until the token changes', async () => {
    const { server, client } = setup;
    const log = createCallLog();
    let issued = 0;
    api.use(
      http.post(`${API_URL}/accounts/token/refresh/`, ({ request }) => {
        log.record(request);
        issued++;
        return HttpResponse.json({ access: makeToken(ana.id, 900 + issued) });
      }),
    );
    const rejectAll = (connection: { close(code: number, reason: string): void }) =>
      connection.close(1008, 'unauthenticated');
    const errors: unknown[] = [];
    client.socket.on('error', (error) => errors.push(error));

    client.socket.connect();
    rejectAll(await server.connection(1));
    await until(() => errors.length === 1);
    expect(errors[0]).toEqual({
      message: SDK_MESSAGES.socketUnauthenticated,
      closeCode: 1008,
      reason: 'unauthenticated',
    });
    expect(client.socket.state.error).toBe(SDK_MESSAGES.socketUnauthenticated);

    vi.advanceTimersByTime(1000);
    const second = await server.connection(2);
    expect(log.count('POST /accounts/token/refresh/')).toBe(1);
    expect(second.token).not.toBe(server.connections[0]?.token);
    rejectAll(second);
    await until(() => errors.length === 2);

    // No loop: nothing more happens, however long we wait.
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(10_000);
      await server.quiet();
    }
    expect(server.control.upgradeAttempts).toBe(2);
    expect(log.count('POST /accounts/token/refresh/')).toBe(1);
    expect(client.socket.state.status).toBe('closed');

    // A new token (e.g. a REST call refreshed it) lifts the stop.
    await client.api.accounts.refresh();
    const third = await server.connection(3);
    await statusIs(client, 'open');
    third.send({ type: 'pong' });
    await until(() => client.socket.state.error === null);
    expect(third.token).toBe(client.session.state.accessToken);
  });

  it('treats close code 403 the same way', async () => {
    const log = createCallLog();
    api.use(
      http.post(`${API_URL}/accounts/token/refresh/`, ({ request }) => {
        log.record(request);
        return HttpResponse.json({ access: makeToken(ana.id, 900) });
      }),
    );
    // No standard server can send close code 403 (proxies' rejections surface as one): fake it.
    const urls: string[] = [];
    class RejectingSocket implements WebSocketLike {
      readyState = 0;
      onopen: ((event: never) => unknown) | null = null;
      onmessage: ((event: never) => unknown) | null = null;
      onerror: ((event: never) => unknown) | null = null;
      onclose: ((event: { code: number; reason: string }) => unknown) | null = null;
      constructor(url: string) {
        urls.push(url);
        queueMicrotask(() => {
          this.readyState = 3;
          this.onclose?.({ code: 403, reason: 'Forbidden' });
        });
      }
      send(): void {}
      close(): void {}
    }
    const { createTestClient } = await import('./support/test-client');
    const { persistedValue } = await import('./support/fixtures');
    const { client } = createTestClient({
      stored: { 'persist:root': persistedValue(setup.token, ana) },
      wsUrl: 'ws://example.invalid',
      WebSocket: RejectingSocket,
    });
    await client.ready;
    const errors: string[] = [];
    client.socket.on('error', (error) => errors.push(error.message));

    client.socket.connect();
    await until(() => errors.length === 1);
    vi.advanceTimersByTime(1000);
    await until(() => errors.length === 2);
    vi.advanceTimersByTime(120_000);
    await flushTasks();

    expect(errors).toEqual([
      SDK_MESSAGES.socketUnauthenticated,
      SDK_MESSAGES.socketUnauthenticated,
    ]);
    expect(urls).toHaveLength(2);
    expect(log.count('POST /accounts/token/refresh/')).toBe(1);
    client.dispose();
  });
});

/** The n-th chat message of a test, its client_id `{prefix}-{n}`. */
function chatFrame(prefix: string, n: number) {
  return {
    type: 'chat_message' as const,
    client_id: `${prefix}-${n}`,
    message: `m${n}`,
    sender_id: 1,
    room_name: 'private-1-2',
  };
}

describe('the send queue', () => {
  it('sends a long queue at half the person’s frame budget, new frames behind it, in order', async () => {
    const { server, client } = setup;
    const chat = (n: number) => chatFrame('p', n);
    for (let n = 1; n <= 45; n++) client.socket.send(chat(n));
    const { burstFrames, framesPerSecond } = SOCKET_LIMITS;

    client.socket.connect();
    const connection = await server.connection(1);
    // Half the burst at once …
    await until(() => connection.frames.length === burstFrames / 2);
    await flushTasks();
    expect(connection.frames).toHaveLength(burstFrames / 2);
    expect(client.socket.state).toMatchObject({ status: 'open', queued: 45 - burstFrames / 2 });
    // … a frame sent meanwhile waits behind the queue (live voice's do not: its binary chunks
    // must follow their chunk_init) …
    expect(client.socket.send(chat(46))).toBe('queued');
    const init = { type: 'chunk_init', from: 1, mime_type: 'audio/webm', receiver_id: 2 } as const;
    expect(client.socket.send(init)).toBe('sent');
    expect(client.socket.sendBinary(new Uint8Array([1, 2, 3]))).toBe(true);
    await until(() => connection.binary.length === 1);
    expect(connection.order.slice(-2)).toEqual(['text:chunk_init', 'binary:3']);
    expect(connection.frames.at(-1)).toEqual(init);
    connection.frames.pop();
    // … and the rest at a quarter of the steady rate.
    await vi.advanceTimersByTimeAsync(1000);
    await until(() => connection.frames.length === burstFrames / 2 + framesPerSecond / 4);
    await flushTasks();
    expect(connection.frames).toHaveLength(burstFrames / 2 + framesPerSecond / 4);
    await vi.advanceTimersByTimeAsync(5000);
    await until(() => connection.frames.length === 46);
    expect(
      connection.frames.map((frame) => frame.type === 'chat_message' && frame.client_id),
    ).toEqual(Array.from({ length: 46 }, (_, i) => `p-${i + 1}`));
    expect(client.socket.state.queued).toBe(0);
    expect(client.socket.send(chat(47))).toBe('sent');
  });

  it('keeps what is left of a long queue when the socket closes, for the next one', async () => {
    const { server, client } = setup;
    const chat = (n: number) => chatFrame('k', n);
    for (let n = 1; n <= 30; n++) client.socket.send(chat(n));
    client.socket.connect();
    const first = await server.connection(1);
    await until(() => first.frames.length === SOCKET_LIMITS.burstFrames / 2);
    first.ws.close(1012, 'restart');
    await statusIs(client, 'closed');
    expect(client.socket.state.queued).toBe(30 - SOCKET_LIMITS.burstFrames / 2);
    // The backoff after one close is a second.
    await vi.advanceTimersByTimeAsync(1_000);
    const second = await server.connection(2);
    await until(() => second.frames.length === 30 - SOCKET_LIMITS.burstFrames / 2);
    expect(second.frames[0]).toMatchObject({ client_id: `k-${SOCKET_LIMITS.burstFrames / 2 + 1}` });
  });

  it('keeps only the latest typing and recording state of each room', async () => {
    const { server, client } = setup;
    const typing = (room: string, on: boolean) =>
      ({ type: 'typing', is_typing: on, sender_id: 1, username: 'ana', room_name: room }) as const;
    const recording = {
      type: 'recording',
      is_recording: true,
      sender_id: 1,
      username: 'ana',
      room_name: 'a',
    } as const;
    const message = {
      type: 'chat_message',
      client_id: 'c',
      message: 'hi',
      sender_id: 1,
      room_name: 'a',
    } as const;
    for (const frame of [
      typing('a', true),
      recording,
      message,
      typing('b', true),
      typing('a', false),
    ]) {
      client.socket.send(frame);
    }
    expect(client.socket.state.queued).toBe(4);

    client.socket.connect();
    const connection = await server.connection(1);
    await until(() => connection.frames.length === 4);
    expect(connection.frames).toEqual([recording, message, typing('b', true), typing('a', false)]);
  });

  it('holds 500 frames, dropping the oldest typing or recording frames first and never a chat message', async () => {
    const { server, client } = setup;
    const chat = (n: number) => chatFrame('c', n);
    const typing = { type: 'typing' as const, is_typing: true, sender_id: 1, username: 'ana' };
    expect(client.socket.send(typing)).toBe('queued');
    for (let n = 1; n <= 499; n++) client.socket.send(chat(n));
    expect(client.socket.state.queued).toBe(500);

    expect(client.socket.send(chat(500))).toBe('queued'); // the typing frame made room
    expect(client.socket.send(typing)).toBe('dropped');
    expect(client.socket.send(chat(501))).toBe('dropped'); // queued chat messages are never dropped
    expect(client.socket.state.queued).toBe(500);

    client.socket.connect();
    const connection = await server.connection(1);
    // A long queue goes out paced (the test below: one frame every 200 ms): 96 s for the last 480.
    await until(() => connection.frames.length === 20);
    await vi.advanceTimersByTimeAsync(96_000);
    await until(() => connection.frames.length >= 500);
    expect(
      connection.frames.flatMap((frame) =>
        frame.type === 'chat_message' ? [frame.client_id] : [],
      ),
    ).toEqual(Array.from({ length: 500 }, (_, i) => `c-${i + 1}`));
  });
});
