import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PREFETCH_GLOBAL, type PrefetchedCall } from './prefetchedFetch';
import { ROUTE_BUDGETS, routeFiles } from './routeBudgets';
import { filesForRoute, readBuildManifest } from './routeChunks';
import { ROUTE_PRELOAD_SCRIPT } from './routePreload';

// Reads the real production build (`pnpm test` builds first) and runs its route-preload.js as the
// browser would, with a stand-in document, storage and address.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = readBuildManifest(dist);
const script = readFileSync(path.join(dist, ROUTE_PRELOAD_SCRIPT), 'utf8');
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
const entryFiles = new Set(filesForRoute(manifest, entry));

interface Visit {
  /** The files preloaded. */
  files: string[];
  /** The API calls asked for: address and Authorization header. */
  calls: string[];
  /** What the script left for the app (prefetchedFetch.ts). */
  left: Record<string, PrefetchedCall> | undefined;
}

/** Runs the script at `address`, signed in or not, as the browser would. */
function visit(address: string, session: string | null): Visit {
  const [pathname = '', query] = address.split('?');
  const search = query === undefined ? '' : `?${query}`;
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const calls: string[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(script, {
    location: { pathname, search },
    localStorage: { getItem: (key: string) => (key === 'persist:root' ? session : null) },
    document: {
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    },
    window,
    setTimeout: () => 0,
    fetch: (url: string, init: { headers: Record<string, string>; credentials: string }) => {
      expect(init.credentials).toBe('include');
      calls.push(`${url} ${init.headers.Authorization}`);
      return Promise.resolve(new Response('[]'));
    },
  });
  expect(links.every((link) => link.rel === 'modulepreload' && link.crossOrigin === '')).toBe(true);
  return {
    files: links.map((link) => link.href.slice(1)).sort(),
    calls,
    left: window[PREFETCH_GLOBAL] as Record<string, PrefetchedCall> | undefined,
  };
}

/** The files the script preloads at `address`, signed in or not. */
function preloaded(address: string, session: string | null): string[] {
  return visit(address, session).files;
}

/** What a visit to the route loads beyond the entry's own files (index.html preloads those). */
function beyondEntry(routePath: string): string[] {
  const route = ROUTE_BUDGETS.find((candidate) => candidate.path === routePath);
  if (!route) throw new Error(`no route ${routePath}`);
  return routeFiles(manifest, route)
    .filter((file) => !entryFiles.has(file))
    .sort();
}

const signedIn = JSON.stringify({
  auth: JSON.stringify({ accessToken: 'a.b.c', user: { id: 1 } }),
  _persist: '{}',
});
const signedOut = JSON.stringify({ auth: JSON.stringify({ accessToken: null, user: null }) });

describe('route-preload.js', () => {
  it('is loaded by index.html before the entry', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const at = html.indexOf(`<script src="/${ROUTE_PRELOAD_SCRIPT}"></script>`);
    expect(at).toBeGreaterThan(-1);
    expect(at).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('preloads what the sign-in and registration pages load beyond the entry', () => {
    expect(beyondEntry('/login').length).toBeGreaterThan(0);
    expect(preloaded('/login', null)).toEqual(beyondEntry('/login'));
    expect(preloaded('/register', signedOut)).toEqual(beyondEntry('/register'));
    expect(preloaded('/privacy', null)).toEqual(beyondEntry('/privacy'));
  });

  it('follows the router: the chat for someone signed in, the sign-in page for anyone else', () => {
    expect(preloaded('/', signedIn)).toEqual(beyondEntry('/ (chat)'));
    expect(preloaded('/login', signedIn)).toEqual(beyondEntry('/ (chat)'));
    expect(preloaded('/', null)).toEqual(beyondEntry('/login'));
    expect(preloaded('/chat', 'not json')).toEqual(beyondEntry('/login'));
  });

  it('an address naming a room also preloads the open conversation, which the chat alone does not', () => {
    const conversation = beyondEntry('/?room=… (a conversation)');
    const chat = beyondEntry('/ (chat)');
    expect(conversation.filter((file) => !chat.includes(file)).length).toBeGreaterThan(0);
    expect(preloaded('/?room=u_2', signedIn)).toEqual(conversation);
    expect(preloaded('/chat?tab=x&room=g_7', signedIn)).toEqual(conversation);
    expect(preloaded('/?room=u_2', null)).toEqual(beyondEntry('/login'));
  });

  it('preloads the feed and other pages opened directly, for someone signed in only', () => {
    expect(preloaded('/posts', signedIn)).toEqual(beyondEntry('/posts'));
    expect(preloaded('/settings/', signedIn)).toEqual(beyondEntry('/settings'));
    expect(preloaded('/posts', signedOut)).toEqual(beyondEntry('/login'));
  });

  it('asks for nothing on addresses it does not know', () => {
    expect(preloaded('/billing', signedIn)).toEqual([]);
    expect(preloaded('/nowhere', null)).toEqual([]);
  });

  it('asks the API for what a signed-in page draws first, with the stored token, and leaves it for the app', async () => {
    const me = '/accounts/me/ Bearer a.b.c';
    const chat = visit('/', signedIn);
    expect(chat.calls).toEqual([
      me,
      '/chatmessage/chats/ Bearer a.b.c',
      '/chatmessage/user/group/ Bearer a.b.c',
    ]);
    expect(Object.keys(chat.left ?? {})).toEqual([
      '/accounts/me/',
      '/chatmessage/chats/',
      '/chatmessage/user/group/',
    ]);
    const left = chat.left?.['/chatmessage/chats/'];
    expect(left?.token).toBe('a.b.c');
    expect(await (await left?.response)?.text()).toBe('[]');
    expect(visit('/login', signedIn).calls).toEqual(chat.calls);
    expect(visit('/?room=u_2', signedIn).calls).toEqual(chat.calls);
    expect(visit('/posts', signedIn).calls).toEqual([
      me,
      '/posts/feed/ Bearer a.b.c',
      '/posts/categories/ Bearer a.b.c',
    ]);
    expect(visit('/billing', signedIn).calls).toEqual([me]);
  });

  it('asks the API for nothing without a session', () => {
    for (const address of ['/', '/login', '/posts', '/register']) {
      for (const session of [null, signedOut, 'not json']) {
        const signedOutVisit = visit(address, session);
        expect(signedOutVisit.calls).toEqual([]);
        expect(signedOutVisit.left).toBeUndefined();
      }
    }
  });
});
