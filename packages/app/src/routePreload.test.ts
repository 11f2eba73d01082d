import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
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

/** The files the script preloads at `pathname`, signed in or not. */
function preloaded(address: string, session: string | null): string[] {
  const [pathname = '', query] = address.split('?');
  const search = query === undefined ? '' : `?${query}`;
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  runInNewContext(script, {
    location: { pathname, search },
    localStorage: { getItem: (key: string) => (key === 'persist:root' ? session : null) },
    document: {
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    },
  });
  expect(links.every((link) => link.rel === 'modulepreload' && link.crossOrigin === '')).toBe(true);
  return links.map((link) => link.href.slice(1)).sort();
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

  it('asks for nothing on addresses it does not know', () => {
    expect(preloaded('/settings', signedIn)).toEqual([]);
    expect(preloaded('/nowhere', null)).toEqual([]);
  });
});
