/**
 * MSW handlers for the social screens (connections, profiles, posts) of docs/protocol.md, so
 * stories drive the real sdk client. Not part of the package build.
 */
import type { Category, ConnectionListItem, Post, Profile } from '@parley/chat-sdk';
import { delay, HttpResponse, http } from 'msw';
import { mockUser } from './handlers';
import { SAMPLE_VIDEO_URL } from './media';

const PAGE = 20;

const NAMES = [
  ['ben', 'Ben', 'Okafor'],
  ['carmen', 'Carmen', 'Ruiz'],
  ['dmitri', null, null],
  ['ليلى', 'ليلى', 'حداد'],
  ['emma', 'Emma', 'Schmidt'],
] as const;

/** 45 people asking to connect; the first five have names (one right-to-left). */
export const pendingRequests: ConnectionListItem[] = Array.from({ length: 45 }, (_, i) => {
  const named = NAMES[i];
  return {
    id: 100 + i,
    username: named ? named[0] : `learner${String(i).padStart(2, '0')}`,
    profile_image: null,
    first_name: named ? named[1] : null,
    last_name: named ? named[2] : null,
    followers_count: i % 7,
  };
});

export const longNameRequest: ConnectionListItem = {
  id: 999,
  username: 'a_really_long_username_that_goes_on_and_on_forever_and_ever',
  profile_image: null,
  first_name: 'Maximiliana Alexandrina Konstantinopoulou',
  last_name: 'de la Vega y Fernández-Montenegro',
  followers_count: 12_345,
};

/** Paged GET /connections/pending/ over `all`, with ?search= (username substring). */
export function pendingHandler(all: readonly ConnectionListItem[] = pendingRequests) {
  return http.get('/connections/pending/', ({ request }) => {
    const url = new URL(request.url);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') ?? '1');
    const matching = all.filter((u) => u.username.toLowerCase().includes(search));
    const results = matching.slice((page - 1) * PAGE, page * PAGE);
    const next =
      page * PAGE < matching.length
        ? `/connections/pending/?page=${page + 1}${search ? `&search=${encodeURIComponent(search)}` : ''}`
        : null;
    return HttpResponse.json({ results, next, count: matching.length });
  });
}

export const pendingHangs = http.get('/connections/pending/', async () => {
  await delay('infinite');
  return HttpResponse.json({});
});

export const pendingFails = http.get('/connections/pending/', () =>
  HttpResponse.json({ detail: 'boom' }, { status: 500 }),
);

/** The people the signed-in person blocked (GET /accounts/blocked/), paged like the server. */
export function blockedHandler(all: readonly ConnectionListItem[] = pendingRequests.slice(0, 3)) {
  return http.get('/accounts/blocked/', ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
    const results = all.slice((page - 1) * PAGE, page * PAGE);
    const next = page * PAGE < all.length ? `/accounts/blocked/?page=${page + 1}` : null;
    return HttpResponse.json({ results, next, count: all.length });
  });
}

/** Connection calls: bodies are recorded for assertions. */
export const connectionCalls: { path: string; body: unknown }[] = [];

export const categories: Category[] = [
  { id: 1, name: 'Travel' },
  { id: 2, name: 'Food' },
  { id: 3, name: 'Language learning' },
  { id: 4, name: 'Culture' },
  { id: 5, name: 'Music' },
];

/** A 1×1 PNG for image posts. */
export const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export function mockPost(id: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    content_type: 'text',
    content_url: null,
    caption: `Post number ${id}`,
    categories: [1 + (id % 5)],
    original_caption: `Post number ${id}`,
    original_language: 'en',
    translated: false,
    created_at: new Date(Date.UTC(2026, 2, 10, 12, 0) - id * 3_600_000).toISOString(),
    author: { id: 2, username: 'bo', profile_image: null },
    ...overrides,
  };
}

export const translatedPost = mockPost(1, {
  content_type: 'image',
  content_url: PIXEL,
  caption: 'I really like the beach of my city.',
  original_caption: 'Me gusta mucho la playa de mi ciudad.',
  original_language: 'es',
  translated: true,
  categories: [1],
  author: { id: 3, username: 'carmen', profile_image: null },
});

export const feedPosts: Post[] = [
  translatedPost,
  ...Array.from({ length: 44 }, (_, i) => mockPost(i + 2)),
];

export function feedHandler(all: readonly Post[] = feedPosts) {
  return http.get('/posts/feed/', ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? '1');
    const category = url.searchParams.get('category');
    const matching = category ? all.filter((p) => p.categories.includes(Number(category))) : all;
    const results = matching.slice((page - 1) * PAGE, page * PAGE);
    const params = new URLSearchParams();
    if (category) params.set('category', category);
    params.set('page', String(page + 1));
    const next = page * PAGE < matching.length ? `/posts/feed/?${params}` : null;
    return HttpResponse.json({ results, next, count: matching.length });
  });
}

export function profileOf(username: string, overrides: Partial<Profile> = {}): Profile {
  return {
    id: username === mockUser.username ? mockUser.id : 2,
    username,
    profile_image: null,
    first_name: 'Bo',
    last_name: 'Lindqvist',
    profile_info: 'Learning Spanish one message at a time.',
    post_count: 3,
    followers_count: 12,
    following_count: 7,
    posts: [
      translatedPost,
      mockPost(2, { caption: 'Just words today.' }),
      mockPost(3, { content_type: 'video', content_url: SAMPLE_VIDEO_URL, caption: 'A clip' }),
    ],
    ...overrides,
  };
}

export function profileHandler(overrides: Partial<Profile> = {}) {
  return http.get('/accounts/profile/:username/', ({ params }) =>
    HttpResponse.json(profileOf(String(params.username), overrides)),
  );
}

/** Someone with `total` text posts: the profile carries the newest 60, the rest page by cursor. */
export function prolificProfileHandlers(total: number, { olderFail = false } = {}) {
  const all = Array.from({ length: total }, (_, i) => mockPost(total - i));
  return [
    profileHandler({ post_count: total, posts: all.slice(0, 60) }),
    http.get('/accounts/profile/:username/posts/', ({ request }) => {
      if (olderFail) return HttpResponse.json({ detail: 'boom' }, { status: 500 });
      const before = Number(new URL(request.url).searchParams.get('before'));
      const older = all.filter((p) => p.id < before);
      const results = older.slice(0, PAGE);
      const last = results.at(-1);
      const next =
        older.length > PAGE && last ? `/accounts/profile/bo/posts/?before=${last.id}` : null;
      return HttpResponse.json({ results, next, count: total });
    }),
  ];
}

export function statusHandler(
  status: 'No connection' | 'pending' | 'accepted',
  direction?: 'sent' | 'received',
) {
  return http.get('/connections/status/', () =>
    HttpResponse.json(direction ? { status, direction } : { status }),
  );
}

/** The connection and post calls the screens make; bodies recorded in connectionCalls. */
export const socialHandlers = {
  pending: pendingHandler(),
  status: statusHandler('No connection'),
  request: http.post('/connections/request/', async ({ request }) => {
    connectionCalls.push({ path: 'request', body: await request.json() });
    return HttpResponse.json({ status: 'pending', direction: 'sent' }, { status: 201 });
  }),
  accept: http.post('/connections/accept/', async ({ request }) => {
    connectionCalls.push({ path: 'accept', body: await request.json() });
    return HttpResponse.json({ status: 'accepted' });
  }),
  remove: http.post('/connections/delete/', async ({ request }) => {
    connectionCalls.push({ path: 'delete', body: await request.json() });
    return new HttpResponse(null, { status: 204 });
  }),
  accepted: http.get('/connections/accepted_list/', ({ request }) => {
    const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
    const results = pendingRequests
      .slice(0, 8)
      .filter((u) => u.username.toLowerCase().includes(search));
    return HttpResponse.json({ results, next: null, count: results.length });
  }),
  block: http.post('/accounts/block/', async ({ request }) => {
    connectionCalls.push({ path: 'block', body: await request.json() });
    return new HttpResponse(null, { status: 204 });
  }),
  unblock: http.post('/accounts/unblock/', async ({ request }) => {
    connectionCalls.push({ path: 'unblock', body: await request.json() });
    return new HttpResponse(null, { status: 204 });
  }),
  blocked: blockedHandler(),
  report: http.post('/accounts/report/', async ({ request }) => {
    connectionCalls.push({ path: 'report', body: await request.json() });
    return HttpResponse.json({ id: 1 }, { status: 201 });
  }),
  profile: profileHandler(),
  profileInfo: http.patch('/accounts/update-profile-info/', async ({ request }) => {
    const body = (await request.json()) as { profile_info: string };
    connectionCalls.push({ path: 'profile-info', body });
    return HttpResponse.json({ ...mockUser, profile_info: body.profile_info });
  }),
  categories: http.get('/posts/categories/', () => HttpResponse.json(categories)),
  feed: feedHandler(),
  createPost: http.post('/posts/create/', async () =>
    HttpResponse.json(mockPost(500), { status: 201 }),
  ),
};
