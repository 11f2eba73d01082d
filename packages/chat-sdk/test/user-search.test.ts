import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createPagedList, createUserSearch, mergeUsers, type UserSummary } from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

const summary = (id: number): UserSummary => ({
  id,
  username: `user${id}`,
  profile_image: null,
  first_name: null,
  last_name: null,
  followers_count: 0,
});

async function signedInClient() {
  const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
  await client.ready;
  return client;
}

async function settled(search: ReturnType<typeof createUserSearch>) {
  await expect.poll(() => search.state.loading).toBe(false);
}

describe('createUserSearch (Search All Users without React)', () => {
  it('pages through the results, deduping by id, until the last page', async () => {
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/users/`, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        if (page === '1') {
          return HttpResponse.json({
            results: [summary(2), summary(3)],
            next: `${API_URL}/accounts/users/?page=2`,
            count: 3,
          });
        }
        // A user who moved between pages comes twice: listed once.
        return HttpResponse.json({ results: [summary(3), summary(4)], next: null, count: 3 });
      }),
    );
    const search = createUserSearch((await signedInClient()).api.accounts);
    search.search('');
    await settled(search);
    expect(search.state.items.map((u) => u.id)).toEqual([2, 3]);
    expect(search.state.hasMore).toBe(true);
    await search.loadMore();
    expect(search.state.items.map((u) => u.id)).toEqual([2, 3, 4]);
    await search.loadMore();
    expect(search.state.hasMore).toBe(false);
    expect(search.state.failed).toBe(false);
    search.dispose();
  });

  it('drops the answer of a superseded query', async () => {
    let releaseSlow: () => void = () => {};
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/users/`, async ({ request }) => {
        const query = new URL(request.url).searchParams.get('search');
        if (query === 'slow') {
          await new Promise<void>((resolve) => {
            releaseSlow = resolve;
          });
          return HttpResponse.json({ results: [summary(9)], next: null, count: 1 });
        }
        return HttpResponse.json({ results: [summary(5)], next: null, count: 1 });
      }),
    );
    const search = createUserSearch((await signedInClient()).api.accounts);
    search.search('slow');
    await expect.poll(() => search.state.loading).toBe(true);
    search.search('fast');
    await expect.poll(() => search.state.items.map((u) => u.id)).toEqual([5]);
    releaseSlow();
    await settled(search);
    expect(search.state.items.map((u) => u.id)).toEqual([5]);
    search.dispose();
  });

  it('marks a failed page and keeps what it had', async () => {
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/users/`, () => new HttpResponse(null, { status: 500 })),
    );
    const search = createUserSearch((await signedInClient()).api.accounts);
    search.search('x');
    await settled(search);
    expect(search.state.failed).toBe(true);
    expect(search.state.hasMore).toBe(false);
    expect(search.state.items).toEqual([]);
  });

  it('mergeUsers appends only ids not yet listed', () => {
    expect(mergeUsers([summary(1)], [summary(1), summary(2)]).map((u) => u.id)).toEqual([1, 2]);
  });
});

describe('createPagedList (any paged sdk list as state)', () => {
  async function* pages(list: number[][]) {
    for (const page of list) yield page.map(summary);
  }

  it('restarts per query, dedupes by key, and removes items', async () => {
    const opened: string[] = [];
    const list = createPagedList(
      (query) => {
        opened.push(query);
        return pages(
          query === 'b'
            ? [[7]]
            : [
                [1, 2],
                [2, 3],
              ],
        );
      },
      (u) => u.id,
      { loading: true },
    );
    expect(list.state.loading).toBe(true);
    list.restart();
    await expect.poll(() => list.state.items.map((u) => u.id)).toEqual([1, 2]);
    await expect.poll(() => list.state.loading).toBe(false);
    await list.loadMore();
    expect(list.state.items.map((u) => u.id)).toEqual([1, 2, 3]);
    list.remove((u) => u.id === 2);
    expect(list.state.items.map((u) => u.id)).toEqual([1, 3]);
    list.restart('b');
    await expect.poll(() => list.state.items.map((u) => u.id)).toEqual([7]);
    expect(opened).toEqual(['', 'b']);
    list.dispose();
  });
});
