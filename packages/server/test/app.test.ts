import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../src/auth/jwtSecret.js';
import { registerUser } from './support/accounts.js';
import { rawGet } from './support/rawGet.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let appDist: string;
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  appDist = await mkdtemp(join(tmpdir(), 'parley-app-dist-'));
  await mkdir(join(appDist, 'assets'));
  await writeFile(join(appDist, 'index.html'), INDEX);
  await writeFile(join(appDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  await writeFile(join(appDist, 'assets', 'app-abc123.js.map'), '{"sourcesContent":["secret"]}');
  await writeFile(join(appDist, 'sw.js.map'), '{"sourcesContent":["secret"]}');
  server = await startTestServer({ appDist });
});
afterAll(async () => {
  await server?.close();
  await rm(appDist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('health', () => {
  it('GET /healthz → 200 {"ok":true}', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('GET /readyz → 200 {"ready":true} once started', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true });
  });
});

describe('the built app', () => {
  it('serves index.html at / with security headers', async () => {
    const response = await fetch(`${server.url}/`, { headers: html });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' blob: data:");
    // Without PUBLIC_URL, 'self' alone (it covers the same origin's ws: in CSP Level 3).
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('never copies the Host header into the CSP', async () => {
    const answer = await rawGet(server.url, '/', { ...html, host: 'evil.example:666' });
    const csp = String(answer.headers['content-security-policy'] ?? '');
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('evil.example');
  });

  it.each(['/assets/app-abc123.js.map', '/sw.js.map'])(
    'does not serve the source map %s (404 {detail})',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found.' });
    },
  );

  it('serves source maps with serveSourceMaps (SERVE_SOURCE_MAPS=1) and the CSP origin from PUBLIC_URL', async () => {
    const open = await startTestServer({
      appDist,
      serveSourceMaps: true,
      publicUrl: 'https://chat.example.com',
    });
    try {
      const map = await fetch(`${open.url}/assets/app-abc123.js.map`);
      expect(map.status).toBe(200);
      expect(await map.text()).toContain('sourcesContent');
      const page = await fetch(`${open.url}/`, { headers: html });
      expect(page.headers.get('content-security-policy')).toContain(
        "connect-src 'self' https://chat.example.com wss://chat.example.com;",
      );
    } finally {
      await open.close();
    }
  });

  it('serves static assets with long caching', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it.each([
    '/settings',
    '/user/ana',
    '/join-org/abc123',
    '/some/unknown/page',
    '/posts',
    '/notifications',
    '/add-post',
    '/groups',
  ])('answers the client route %s with index.html', async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: html });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toBeTruthy();
    expect(await response.text()).toBe(INDEX);
  });

  it.each([
    '/accounts/nope/',
    '/connections/nope/',
    '/chatmessage/nope/',
    '/posts/nope/',
    '/meta/nope',
    '/media/x',
    '/ws/chat/user_1/',
  ])('never answers the API path %s with the app: 404 {detail}', async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: html });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers unknown paths that do not accept HTML with 404 JSON', async () => {
    const response = await fetch(`${server.url}/assets/missing.js`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found.' });
  });

  it('does not fall back for non-GET requests', async () => {
    const response = await fetch(`${server.url}/settings`, { method: 'POST', headers: html });
    expect(response.status).toBe(404);
  });
});

describe('errors', () => {
  it('unknown /accounts paths → 404 {detail}', async () => {
    for (const [method, path] of [
      ['GET', '/accounts/unknown/'],
      ['POST', '/accounts/me/'],
      ['DELETE', '/accounts/users/'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('unhandled errors → 500 {"detail":"Internal server error."} without internals', async () => {
    const broken = await startTestServer();
    try {
      const { access_token: token } = await registerUser(broken.client());
      await broken.pglite.close();
      // Any route that reads the database (GET /healthz no longer does: it is liveness only).
      const response = await fetch(`${broken.url}/chatmessage/chats/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('{"detail":"Internal server error."}');
    } finally {
      await broken.close();
    }
  });
});

describe('JWT secret', () => {
  it('is generated once into the data directory and reused after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-secret-'));
    try {
      const first = resolveJwtSecret(dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveJwtSecret(dir)).toEqual(first);
      expect(resolveJwtSecret(dir, 'configured')).toEqual(new TextEncoder().encode('configured'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the built app, precompressed', () => {
  let dist: string;
  let compressed: TestServer;
  const script = `console.log(${JSON.stringify('x'.repeat(4096))});`;
  const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>';
  const page = `<!doctype html><html><body>${'<p>Parley</p>'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    dist = await mkdtemp(join(tmpdir(), 'parley-app-dist-'));
    await mkdir(join(dist, 'assets'));
    // What packages/app/scripts/precompress.mjs writes beside each text file.
    for (const [path, body] of [
      ['index.html', page],
      [join('assets', 'app-def456.js'), script],
    ] as const) {
      await writeFile(join(dist, path), body);
      await writeFile(join(dist, `${path}.br`), brotliCompressSync(body));
      await writeFile(join(dist, `${path}.gz`), gzipSync(body));
    }
    // A source map, even with compressed copies beside it (the build writes none), stays unserved.
    const map = '{"sourcesContent":["secret"]}';
    await writeFile(join(dist, 'assets', 'app-def456.js.map'), map);
    await writeFile(join(dist, 'assets', 'app-def456.js.map.br'), brotliCompressSync(map));
    await writeFile(join(dist, 'assets', 'app-def456.js.map.gz'), gzipSync(map));
    await writeFile(join(dist, 'favicon.svg'), icon);
    compressed = await startTestServer({ appDist: dist });
  });
  afterAll(async () => {
    await compressed?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const raw = (path: string, headers: Record<string, string>) =>
    rawGet(compressed.url, path, headers);

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])(
    'sends a hashed script with Accept-Encoding %s as %s, cached for a year',
    async (accept, encoding) => {
      const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
      const answer = await raw('/assets/app-def456.js', { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(String(answer.headers['content-type'])).toContain('javascript');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      const body = encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
      expect(body.toString()).toBe(script);
    },
  );

  it.each(['br', 'gzip', 'identity'])(
    'does not serve a source map asked for with Accept-Encoding %s',
    async (accept) => {
      const answer = await raw('/assets/app-def456.js.map', { 'accept-encoding': accept });
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain('secret');
    },
  );

  it('leaves a small file without a compressed copy as it is, with one Vary', async () => {
    const answer = await raw('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.body.toString()).toBe(icon);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const answer = await raw('/assets/app-def456.js', {});
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
  });

  it('sends the page compressed, never cached without asking, with its security headers', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    for (const path of ['/', '/chat']) {
      const answer = await raw(path, { ...html, 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(String(answer.headers['content-type'])).toContain('text/html');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(brotliDecompressSync(answer.body).toString()).toBe(page);
    }
  });
});
