// biome-ignore-all lint/suspicious/noExplicitAny: contract rows read raw JSON answers, as a spec-only client would
/**
 * Contract rows for the social calls (spec §7): plain fetch and ws, spec-shaped bodies only, so a
 * client written against the spec alone works with this server. No @parley/chat-sdk import here.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;

interface Person {
  id: number;
  token: string;
  username: string;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let counter = 0;
async function person(language = 'English'): Promise<Person> {
  counter += 1;
  const username = `contract${process.pid}_${counter}`;
  const csrf = await fetch(`${server.url}/accounts/csrf/`);
  const token = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  const cookie = `csrftoken=${token}`;
  const response = await fetch(`${server.url}/accounts/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CSRFToken': token, cookie },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      phone: '+1 555 0100',
      password: 'pass word',
      language,
      gender: 'OTHER',
    }),
  });
  const body = (await response.json()) as { user_id: number; access_token: string };
  return { id: body.user_id, token: body.access_token, username };
}

async function call(
  who: Person,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function openSocket(
  who: Person,
): Promise<{ frames: any[]; next: (type: string) => Promise<any>; close: () => void }> {
  const url = `${server.url.replace('http', 'ws')}/ws/chat/user_${who.id}/?token=${who.token}`;
  const ws = new WebSocket(url);
  const frames: any[] = [];
  const waiting: { type: string; resolve: (f: any) => void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data));
    const index = waiting.findIndex((w) => w.type === frame.type);
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(frame);
    else frames.push(frame);
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        frames,
        next: (type) => {
          const index = frames.findIndex((f) => f.type === type);
          if (index >= 0) return Promise.resolve(frames.splice(index, 1)[0]);
          return new Promise((r) => waiting.push({ type, resolve: r }));
        },
        close: () => ws.close(),
      }),
    );
  });
}

const LIST_ITEM_KEYS = [
  'first_name',
  'followers_count',
  'id',
  'last_name',
  'profile_image',
  'username',
];
// Issue 25 (docs/protocol.md, Translated bios and languages in user lists): connection and pending
// rows add the optional `languages`; everything else is the spec's row.
const LISTED_USER_KEYS = [...LIST_ITEM_KEYS, 'languages'].sort();

describe('connections (spec §7)', () => {
  it('GET /connections/status/?to_user= → {status} with the spec values', async () => {
    const a = await person();
    const b = await person();
    expect(await call(a, 'GET', `/connections/status/?to_user=${b.id}`)).toMatchObject({
      status: 200,
      body: { status: 'No connection' },
    });
  });

  it('POST /connections/request/ {from_user, to_user}, live connection_request to the receiver', async () => {
    const a = await person();
    const b = await person();
    const socket = await openSocket(b);
    try {
      const answer = await call(a, 'POST', '/connections/request/', {
        from_user: a.id,
        to_user: b.id,
      });
      expect(answer.status).toBeLessThan(300);
      const frame = await socket.next('connection_request');
      expect(frame.from_user).toBeDefined();
      expect((await call(b, 'GET', `/connections/status/?to_user=${a.id}`)).body.status).toBe(
        'pending',
      );
    } finally {
      socket.close();
    }
  });

  it('GET /connections/pending/ (paged: results, next, count) and /pending_list/ (count + list)', async () => {
    const a = await person();
    const b = await person();
    await call(a, 'POST', '/connections/request/', { from_user: a.id, to_user: b.id });
    const pending = await call(b, 'GET', '/connections/pending/');
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ count: 1, next: null });
    expect(Object.keys(pending.body.results[0]).sort()).toEqual(LISTED_USER_KEYS);
    const filtered = await call(b, 'GET', `/connections/pending/?from_user=${a.id}`);
    expect(filtered.body.count).toBe(1);
    const list = await call(b, 'GET', '/connections/pending_list/');
    expect(list.body.count).toBe(1);
    expect(list.body.results[0].id).toBe(a.id);
  });

  it("POST /connections/accept/ {to_user, status: 'pending'} by the receiver; connection_accepted to the requester", async () => {
    const a = await person();
    const b = await person();
    await call(a, 'POST', '/connections/request/', { from_user: a.id, to_user: b.id });
    const socket = await openSocket(a);
    try {
      const answer = await call(b, 'POST', '/connections/accept/', {
        to_user: a.id,
        status: 'pending',
      });
      expect(answer.status).toBe(200);
      const frame = await socket.next('connection_accepted');
      expect(frame.to_user).toBeDefined();
      expect((await call(a, 'GET', `/connections/status/?to_user=${b.id}`)).body.status).toBe(
        'accepted',
      );
    } finally {
      socket.close();
    }
    const accepted = await call(a, 'GET', '/connections/accepted_list/');
    expect(accepted.body).toMatchObject({ count: 1, next: null });
    expect(Object.keys(accepted.body.results[0]).sort()).toEqual(LISTED_USER_KEYS);
  });

  it('POST /connections/delete/ {from_user, to_user} → 204', async () => {
    const a = await person();
    const b = await person();
    await call(a, 'POST', '/connections/request/', { from_user: a.id, to_user: b.id });
    const answer = await call(a, 'POST', '/connections/delete/', {
      from_user: a.id,
      to_user: b.id,
    });
    expect(answer.status).toBe(204);
    expect((await call(a, 'GET', `/connections/status/?to_user=${b.id}`)).body.status).toBe(
      'No connection',
    );
  });
});

describe('posts and profiles (spec §7)', () => {
  it('GET /posts/categories/ → categories of {id, name}', async () => {
    const a = await person();
    const answer = await call(a, 'GET', '/posts/categories/');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body[0]).sort()).toEqual(['id', 'name']);
  });

  it('POST /posts/create/ multipart {content_type, caption, categories (repeated), file}', async () => {
    const a = await person();
    const categories = (await call(a, 'GET', '/posts/categories/')).body;
    const form = new FormData();
    form.append('content_type', 'image');
    form.append('caption', 'A pixel');
    form.append('categories', String(categories[0].id));
    form.append('categories', String(categories[1].id));
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    form.append('file', new Blob([png], { type: 'image/png' }), 'pixel.png');
    const response = await fetch(`${server.url}/posts/create/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const post = await response.json();
    expect(post).toMatchObject({ content_type: 'image', caption: 'A pixel' });
    expect(post.categories).toHaveLength(2);
    expect(typeof post.content_url).toBe('string');
  });

  it('GET /accounts/profile/:username/ → the profile fields with posts[]', async () => {
    const a = await person();
    const b = await person();
    const answer = await call(b, 'GET', `/accounts/profile/${a.username}/`);
    expect(answer.status).toBe(200);
    for (const key of [
      'id',
      'username',
      'profile_image',
      'first_name',
      'last_name',
      'profile_info',
      'post_count',
      'followers_count',
      'following_count',
      'posts',
    ]) {
      expect(answer.body).toHaveProperty(key);
    }
    expect(answer.body.posts).toEqual([]);
  });

  it('GET /accounts/profile/:username/posts/?before=<post id> → {results, next, count} (Parley extension)', async () => {
    const a = await person();
    const b = await person();
    const ids: number[] = [];
    for (const caption of ['one', 'two']) {
      const form = new FormData();
      form.append('content_type', 'text');
      form.append('caption', caption);
      form.append('categories', '1');
      const response = await fetch(`${server.url}/posts/create/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}` },
        body: form,
      });
      ids.push((await response.json()).id);
    }
    const answer = await call(b, 'GET', `/accounts/profile/${a.username}/posts/?before=${ids[1]}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['count', 'next', 'results']);
    expect(answer.body).toMatchObject({ count: 2, next: null });
    expect(answer.body.results.map((p: { caption: string }) => p.caption)).toEqual(['one']);
  });
});

describe('block and report (Parley extension, docs/protocol.md)', () => {
  it('POST /accounts/block/ {user_id} → 204, listed by GET /accounts/blocked/, POST /accounts/unblock/ → 204', async () => {
    const a = await person();
    const b = await person();
    expect((await call(a, 'POST', '/accounts/block/', { user_id: b.id })).status).toBe(204);
    const list = await call(a, 'GET', '/accounts/blocked/');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, next: null });
    expect(Object.keys(list.body.results[0]).sort()).toEqual(LIST_ITEM_KEYS);
    expect((await call(a, 'GET', `/accounts/profile/${b.username}/`)).body.blocked).toBe(true);
    expect((await call(a, 'POST', '/accounts/unblock/', { user_id: b.id })).status).toBe(204);
    expect((await call(a, 'GET', '/accounts/blocked/')).body).toMatchObject({ count: 0 });
  });

  it('POST /accounts/report/ {user_id, reason} → 201 {id}', async () => {
    const a = await person();
    const b = await person();
    const answer = await call(a, 'POST', '/accounts/report/', { user_id: b.id, reason: 'Spam' });
    expect(answer.status).toBe(201);
    expect(typeof answer.body.id).toBe('number');
  });

  it('POST /accounts/report/ of a person already reported → 409 {detail}', async () => {
    const a = await person();
    const b = await person();
    expect(
      (await call(a, 'POST', '/accounts/report/', { user_id: b.id, reason: 'x' })).status,
    ).toBe(201);
    const again = await call(a, 'POST', '/accounts/report/', { user_id: b.id, reason: 'y' });
    expect(again.status).toBe(409);
    expect(Object.keys(again.body)).toEqual(['detail']);
  });
});

describe('per-person limits (Parley extension, docs/protocol.md)', () => {
  it('a 4th connection request to the same person in a day → 429 {detail} with Retry-After', async () => {
    const a = await person();
    const b = await person();
    const pair = { from_user: a.id, to_user: b.id };
    for (let i = 0; i < 3; i += 1) {
      expect((await call(a, 'POST', '/connections/request/', pair)).status).toBe(201);
      expect((await call(a, 'POST', '/connections/delete/', pair)).status).toBe(204);
    }
    const refused = await call(a, 'POST', '/connections/request/', pair);
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.body)).toEqual(['detail']);
  });
});
