import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';

// Parley's "Deploying" extensions (docs/protocol.md, "Deploy: health and readiness"): GET /healthz
// is liveness (the process answers), GET /readyz is readiness for a balancer (database, media
// store and a configured engine answer; 503 while draining after SIGTERM). Neither is in the spec;
// a spec-only client never calls them.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('Deploy: health and readiness (ext)', () => {
  it('GET /healthz → 200 {"ok": true}, not cached', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('GET /readyz → 200 {"ready": true} while the database and the media store answer', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true });
  });

  it('GET /readyz → 503 {"ready": false, "draining": true} once the drain has begun; /healthz stays 200', async () => {
    const draining = await startTestServer();
    try {
      draining.app.readiness.startDraining();
      const response = await fetch(`${draining.url}/readyz`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toEqual({ ready: false, draining: true, failing: [] });
      expect((await fetch(`${draining.url}/healthz`)).status).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('GET /readyz → 503 naming what fails when the database does not answer; /healthz stays 200', async () => {
    const broken = await startTestServer();
    try {
      await broken.pglite.close();
      const response = await fetch(`${broken.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        ready: false,
        draining: false,
        failing: ['database'],
      });
      expect((await fetch(`${broken.url}/healthz`)).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
