import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserSummary } from '../src/index';
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

describe('users()', () => {
  it('yields one page per step and follows absolute and relative next links', async () => {
    const requested: string[] = [];
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/users/`, ({ request }) => {
        const url = new URL(request.url);
        requested.push(url.search);
        const page = url.searchParams.get('page') ?? '1';
        if (page === '1') {
          return HttpResponse.json({
            results: [summary(2), summary(3)],
            next: `${API_URL}/accounts/users/?page=2&search=us`,
            count: 5,
          });
        }
        if (page === '2') {
          return HttpResponse.json({
            results: [summary(4)],
            next: '/accounts/users/?page=3&search=us',
            count: 5,
          });
        }
        return HttpResponse.json({ results: [summary(5)], next: null, count: 5 });
      }),
    );
    const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
    await client.ready;

    const pages: number[][] = [];
    for await (const page of client.api.accounts.users({ search: 'us' })) {
      pages.push(page.map((user) => user.id));
    }

    expect(pages).toEqual([[2, 3], [4], [5]]);
    expect(requested).toEqual(['?search=us', '?page=2&search=us', '?page=3&search=us']);
  });

  it('stops early when the caller stops iterating', async () => {
    let calls = 0;
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/users/`, () => {
        calls += 1;
        return HttpResponse.json({ results: [summary(calls)], next: '?page=2', count: 40 });
      }),
    );
    const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
    await client.ready;

    const first = await client.api.accounts.users().next();

    expect(first).toEqual({ done: false, value: [summary(1)] });
    expect(calls).toBe(1);
  });
});
