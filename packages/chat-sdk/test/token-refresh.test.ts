import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, SignInError } from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createCallLog, createTestClient, csrfHandler, useApiServer } from './support/test-client';

/** A mocked answer held until the test has seen what it waits for (instead of a sleep). */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const server = useApiServer();

/** A client whose stored session holds the access token 'old'. */
async function signedInClient() {
  const setup = createTestClient({ stored: { 'persist:root': persistedValue('old', ana) } });
  await setup.client.ready;
  expect(setup.client.session.state.status).toBe('signedIn');
  return setup;
}

/** GET me answers only to the bearer 'new'. */
function meAcceptingOnly(token: string, log: ReturnType<typeof createCallLog>) {
  return http.get(`${API_URL}/accounts/me/`, ({ request }) => {
    log.record(request);
    if (request.headers.get('Authorization') !== `Bearer ${token}`) {
      return HttpResponse.json({ detail: 'Token expired' }, { status: 401 });
    }
    return HttpResponse.json(ana);
  });
}

function refreshAnswering(
  log: ReturnType<typeof createCallLog>,
  answer: () => Response | Promise<Response>,
) {
  return http.post(`${API_URL}/accounts/token/refresh/`, async ({ request }) => {
    log.record(request);
    return answer();
  });
}

describe('on a 401 the client refreshes once and replays once', () => {
  it('refreshes the token, replays the request with it and persists the new token', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(),
      meAcceptingOnly('new', log),
      refreshAnswering(log, () => HttpResponse.json({ access: 'new' })),
    );
    const { client, items } = await signedInClient();

    await expect(client.api.accounts.me()).resolves.toEqual(ana);

    expect(log.calls).toEqual([
      'GET /accounts/me/',
      'POST /accounts/token/refresh/',
      'GET /accounts/me/',
    ]);
    expect(client.session.state.accessToken).toBe('new');
    expect(items.get('persist:root')).toBe(persistedValue('new', ana));
  });

  it('makes concurrent 401s share exactly one refresh call', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(),
      meAcceptingOnly('new', log),
      http.patch(`${API_URL}/accounts/update-mute-sounds/`, ({ request }) => {
        log.record(request);
        if (request.headers.get('Authorization') !== 'Bearer new') {
          return HttpResponse.json({ detail: 'Token expired' }, { status: 401 });
        }
        return HttpResponse.json({ ...ana, mute_sounds: true });
      }),
      refreshAnswering(log, async () => {
        await refreshHeld.opened;
        return HttpResponse.json({ access: 'new' });
      }),
    );
    const refreshHeld = gate();
    const { client } = await signedInClient();
    const { accounts } = client.api;

    const all = Promise.all([
      accounts.me(),
      accounts.me(),
      accounts.me(),
      accounts.updateMuteSounds(true),
      accounts.refresh(),
    ]);
    // The refresh answers once every first attempt has met its 401.
    await vi.waitFor(() => {
      expect(log.count('GET /accounts/me/')).toBe(3);
      expect(log.count('PATCH /accounts/update-mute-sounds/')).toBe(1);
    });
    refreshHeld.open();
    const results = await all;

    expect(results[4]).toBe('new');
    expect(log.count('POST /accounts/token/refresh/')).toBe(1);
    expect(log.count('GET /accounts/me/')).toBe(6);
    expect(log.count('PATCH /accounts/update-mute-sounds/')).toBe(2);
  });

  it('passes on a replay that is still 401 without refreshing again', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(),
      meAcceptingOnly('never', log),
      // Gives up after a few refreshes so that a looping client fails this test instead of hanging.
      refreshAnswering(log, () =>
        log.count('POST /accounts/token/refresh/') > 5
          ? HttpResponse.json({ detail: 'Stop' }, { status: 401 })
          : HttpResponse.json({ access: `new-${log.calls.length}` }),
      ),
    );
    const { client } = await signedInClient();

    const error = await client.api.accounts.me().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(log.count('GET /accounts/me/')).toBe(2);
    expect(log.count('POST /accounts/token/refresh/')).toBe(1);
  });
});

describe('when the refresh fails', () => {
  it('clears the session, emits session:expired and passes the original error on', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(),
      meAcceptingOnly('new', log),
      refreshAnswering(log, () => HttpResponse.json({ detail: 'Refresh failed' }, { status: 500 })),
    );
    const { client, items } = await signedInClient();
    let expired = 0;
    client.on('session:expired', () => {
      expired += 1;
    });

    const error = await client.api.accounts.me().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Token expired');
    expect(expired).toBe(1);
    expect(client.session.state).toMatchObject({
      status: 'signedOut',
      accessToken: null,
      user: null,
    });
    await vi.waitFor(() => expect(items.has('persist:root')).toBe(false));
    expect(log.calls).toEqual(['GET /accounts/me/', 'POST /accounts/token/refresh/']);
  });

  it.each([
    [
      'gets no answer (a page that navigates away aborts it, or the network drops)',
      () => HttpResponse.error(),
    ],
    [
      'reaches only a gateway while the server restarts (503)',
      () => HttpResponse.json({ detail: 'Service Unavailable' }, { status: 503 }),
    ],
  ])(
    'keeps the session when the refresh %s, and refreshes again on the next 401',
    async (_, answer) => {
      const log = createCallLog();
      let refreshes = 0;
      server.use(
        csrfHandler(),
        meAcceptingOnly('new', log),
        refreshAnswering(log, () => {
          refreshes += 1;
          return refreshes === 1 ? answer() : HttpResponse.json({ access: 'new' });
        }),
      );
      const { client, items } = await signedInClient();
      let expired = 0;
      client.on('session:expired', () => {
        expired += 1;
      });

      const error = await client.api.accounts.me().catch((e: unknown) => e);

      // The caller hears of the failure (the original 401), but nobody is signed out.
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(401);
      expect(expired).toBe(0);
      expect(client.session.state).toMatchObject({ status: 'signedIn', accessToken: 'old' });
      await vi.waitFor(() => expect(items.get('persist:root')).toBe(persistedValue('old', ana)));

      await expect(client.api.accounts.me()).resolves.toMatchObject({ username: ana.username });
      expect(client.session.state.accessToken).toBe('new');
      expect(log.count('POST /accounts/token/refresh/')).toBe(2);
    },
  );

  it('does not loop when the refresh itself answers 401, even for concurrent callers', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(),
      meAcceptingOnly('new', log),
      refreshAnswering(log, async () => {
        await refreshHeld.opened;
        return HttpResponse.json({ detail: 'Refresh token revoked' }, { status: 401 });
      }),
    );
    const refreshHeld = gate();
    const { client } = await signedInClient();
    let expired = 0;
    client.on('session:expired', () => {
      expired += 1;
    });

    const settled = Promise.allSettled([
      client.api.accounts.me(),
      client.api.accounts.me(),
      client.api.accounts.me(),
    ]);
    // The refresh answers once all three callers have met their 401.
    await vi.waitFor(() => expect(log.count('GET /accounts/me/')).toBe(3));
    refreshHeld.open();
    const outcomes = await settled;
    await vi.waitFor(() => expect(expired).toBe(1));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(log.count('POST /accounts/token/refresh/')).toBe(1);
    expect(log.count('GET /accounts/me/')).toBe(3);
    expect(expired).toBe(1);

    await expect(client.api.accounts.refresh()).rejects.toBeInstanceOf(ApiError);
    expect(log.count('POST /accounts/token/refresh/')).toBe(2);
    expect(expired).toBe(2);
  });
});

describe('session endpoints never trigger a refresh', () => {
  it('a 401 from login or logout is final', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/login/`, ({ request }) => {
        log.record(request);
        return HttpResponse.json({ detail: 'Invalid username or password' }, { status: 401 });
      }),
      http.post(`${API_URL}/accounts/logout/`, ({ request }) => {
        log.record(request);
        return HttpResponse.json({ detail: 'Not signed in' }, { status: 401 });
      }),
      refreshAnswering(log, () => HttpResponse.json({ access: 'new' })),
    );
    const { client } = await signedInClient();

    await expect(client.session.signIn('ana', 'wrong')).rejects.toBeInstanceOf(SignInError);
    await client.session.signOut();

    expect(log.calls).toEqual(['POST /accounts/login/', 'POST /accounts/logout/']);
    expect(client.session.state.status).toBe('signedOut');
  });
});

describe('signing out while a refresh is under way', () => {
  it('does not sign back in with the late token, nor report the session as expired', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(),
      meAcceptingOnly('new', log),
      refreshAnswering(log, async () => {
        await refreshHeld.opened;
        return HttpResponse.json({ access: 'new' });
      }),
      http.post(`${API_URL}/accounts/logout/`, () => new HttpResponse(null, { status: 204 })),
    );
    const refreshHeld = gate();
    const { client, items } = await signedInClient();
    let expired = 0;
    client.on('session:expired', () => {
      expired += 1;
    });

    const pending = client.api.accounts.me().catch((e: unknown) => e);
    // Signed out while the refresh is under way; its token arrives afterwards.
    await vi.waitFor(() => expect(log.count('POST /accounts/token/refresh/')).toBe(1));
    await client.session.signOut();
    refreshHeld.open();
    const outcome = await pending;

    expect(outcome).toBeInstanceOf(ApiError);
    expect(client.session.state).toEqual({ status: 'signedOut', accessToken: null, user: null });
    expect(items.has('persist:root')).toBe(false);
    expect(expired).toBe(0);
    expect(log.count('POST /accounts/token/refresh/')).toBe(1);
  });
});
