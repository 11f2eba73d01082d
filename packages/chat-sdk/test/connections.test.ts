import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionPerson } from '../src/index';
import { API_URL } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { until } from './support/socket-server';
import { useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);

function pendingCount(count: number) {
  return http.get(`${API_URL}/connections/pending/`, () =>
    HttpResponse.json({ results: [], next: null, count }),
  );
}

async function open() {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

describe('connections state (spec §4 and §7)', () => {
  it('loads the pending count, reloads it on reopen and raises it on a live connection_request', async () => {
    api.use(pendingCount(2));
    await setup.client.connections.refreshPendingCount();
    expect(setup.client.connections.state.pendingCount).toBe(2);
    api.use(pendingCount(3));
    const request = vi.fn<(person: ConnectionPerson) => void>();
    setup.client.connections.on('request', request);
    const connection = await open();
    await until(() => setup.client.connections.state.pendingCount === 3);

    connection.send({
      type: 'connection_request',
      from_user: { id: 7, username: 'ben', followers_count: 2 },
    });
    await until(() => request.mock.calls.length === 1);
    expect(setup.client.connections.state.pendingCount).toBe(4);
    expect(setup.client.connections.state.statuses[7]).toEqual({
      status: 'pending',
      direction: 'received',
    });
    expect(request).toHaveBeenCalledWith({ id: 7, username: 'ben', followers_count: 2 });

    // A spec-only backend may name the user by id alone.
    connection.send({ type: 'connection_request', from_user: 8 });
    await until(() => setup.client.connections.state.pendingCount === 5);
    // The requester withdraws: the badge follows.
    connection.send({ type: 'connection_removed', from_user: { id: 8 } });
    await until(() => setup.client.connections.state.pendingCount === 4);
    expect(setup.client.connections.state.statuses[8]).toEqual({ status: 'No connection' });
  });

  it('turns Pending into accepted on connection_accepted', async () => {
    api.use(pendingCount(0));
    const connection = await open();
    connection.send({ type: 'connection_accepted', to_user: { id: 9, username: 'cai' } });
    await until(() => setup.client.connections.state.statuses[9]?.status === 'accepted');
    expect(setup.client.connections.state.acceptedVersion).toBe(1);
  });

  it('approve and reject send the spec payloads and lower the count by 1, never below 0', async () => {
    const bodies: unknown[] = [];
    api.use(
      pendingCount(1),
      http.post(`${API_URL}/connections/accept/`, async ({ request }) => {
        bodies.push(['accept', await request.json()]);
        return HttpResponse.json({ status: 'accepted' });
      }),
      http.post(`${API_URL}/connections/delete/`, async ({ request }) => {
        bodies.push(['delete', await request.json()]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await setup.client.connections.refreshPendingCount();
    expect(setup.client.connections.state.pendingCount).toBe(1);
    await setup.client.connections.approve(5);
    expect(setup.client.connections.state.pendingCount).toBe(0);
    expect(setup.client.connections.state.statuses[5]).toEqual({ status: 'accepted' });
    await setup.client.connections.reject(6);
    expect(setup.client.connections.state.pendingCount).toBe(0);
    expect(bodies).toEqual([
      ['accept', { to_user: 5, status: 'pending' }],
      ['delete', { from_user: 1, to_user: 6 }],
    ]);
  });

  it('connect, status and cancel use the spec payloads; a crossing request comes back accepted', async () => {
    const bodies: unknown[] = [];
    api.use(
      http.get(`${API_URL}/connections/status/`, ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('to_user') === '4'
            ? { status: 'No connection' }
            : { status: 'pending' },
        ),
      ),
      http.post(`${API_URL}/connections/request/`, async ({ request }) => {
        const body = (await request.json()) as { to_user: number };
        bodies.push(body);
        return HttpResponse.json(
          body.to_user === 4 ? { status: 'pending' } : { status: 'accepted' },
          { status: body.to_user === 4 ? 201 : 200 },
        );
      }),
      http.post(`${API_URL}/connections/delete/`, () => new HttpResponse(null, { status: 204 })),
    );
    const store = setup.client.connections;
    expect(await store.loadStatus(4)).toEqual({ status: 'No connection' });
    // A backend without the direction extension still reads as pending.
    expect(await store.loadStatus(3)).toEqual({ status: 'pending' });
    expect(await store.connect(4)).toEqual({ status: 'pending', direction: 'sent' });
    await store.cancel(4);
    expect(store.state.statuses[4]).toEqual({ status: 'No connection' });
    expect(await store.connect(2)).toEqual({ status: 'accepted' });
    expect(bodies).toEqual([
      { from_user: 1, to_user: 4 },
      { from_user: 1, to_user: 2 },
    ]);
  });

  it('lists the people I blocked page by page, and unblocks with {user_id}', async () => {
    const bodies: unknown[] = [];
    api.use(
      http.get(`${API_URL}/accounts/blocked/`, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        return page === '2'
          ? HttpResponse.json({ results: [{ id: 3, username: 'cai' }], next: null, count: 2 })
          : HttpResponse.json({
              results: [{ id: 2, username: 'bo' }],
              next: `${API_URL}/accounts/blocked/?page=2`,
              count: 2,
            });
      }),
      http.post(`${API_URL}/accounts/unblock/`, async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const pages: string[][] = [];
    for await (const page of setup.client.api.connections.blocked()) {
      pages.push(page.map((person) => person.username));
    }
    expect(pages).toEqual([['bo'], ['cai']]);
    await setup.client.api.connections.unblock(2);
    expect(bodies).toEqual([{ user_id: 2 }]);
  });

  it('fails silently on a pending-count error (logged) and keeps the last count', async () => {
    api.use(
      http.get(`${API_URL}/connections/pending/`, () =>
        HttpResponse.json({ detail: 'boom' }, { status: 500 }),
      ),
    );
    await setup.client.connections.refreshPendingCount();
    expect(setup.client.connections.state.pendingCount).toBe(0);
    expect(setup.logger.warn).toHaveBeenCalled();
  });
});

describe('posts api', () => {
  it('creates a post as multipart with repeated categories, and no file for text', async () => {
    const forms: [string, string][][] = [];
    api.use(
      http.post(`${API_URL}/posts/create/`, async ({ request }) => {
        const form = await request.formData();
        forms.push(
          [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]),
        );
        return HttpResponse.json(
          { id: 1, content_type: 'text', content_url: null, caption: 'x', categories: [1] },
          { status: 201 },
        );
      }),
    );
    await setup.client.api.posts.create({
      contentType: 'image',
      caption: 'Hola',
      categoryIds: [1, 2],
      file: new File([new Uint8Array([1, 2])], 'a.png', { type: 'image/png' }),
    });
    await setup.client.api.posts.create({
      contentType: 'text',
      caption: 'Hi',
      categoryIds: [3],
      file: new File([new Uint8Array([1])], 'b.png', { type: 'image/png' }),
    });
    expect(forms).toEqual([
      [
        ['content_type', 'image'],
        ['caption', 'Hola'],
        ['categories', '1'],
        ['categories', '2'],
        ['file', 'file:a.png'],
      ],
      [
        ['content_type', 'text'],
        ['caption', 'Hi'],
        ['categories', '3'],
      ],
    ]);
  });

  it('loads a profile by username, escaped', async () => {
    let path = '';
    api.use(
      http.get(`${API_URL}/accounts/profile/:username/`, ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json({ id: 2, username: 'a b', posts: [] });
      }),
    );
    const profile = await setup.client.api.posts.profile('a b');
    expect(profile.username).toBe('a b');
    expect(path).toBe('/accounts/profile/a%20b/');
  });

  it('pages a profile’s older posts by cursor, following next until it is null', async () => {
    const asked: string[] = [];
    api.use(
      http.get(`${API_URL}/accounts/profile/:username/posts/`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.pathname}${url.search}`);
        const before = Number(url.searchParams.get('before'));
        const post = { id: before - 1, content_type: 'text', content_url: null, caption: 'x' };
        return HttpResponse.json({
          results: [post],
          next: before > 10 ? `/accounts/profile/a%20b/posts/?before=${before - 1}` : null,
          count: 12,
        });
      }),
    );
    const pages: number[][] = [];
    for await (const page of setup.client.api.posts.olderProfilePosts('a b', 11)) {
      pages.push(page.map((p) => p.id));
    }
    expect(pages).toEqual([[10], [9]]);
    expect(asked).toEqual([
      '/accounts/profile/a%20b/posts/?before=11',
      '/accounts/profile/a%20b/posts/?before=10',
    ]);
  });
});
