import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/auth/bearer.js';
import type { ApiResponse } from '../support/httpClient.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  type CaseResult,
  type Configuration,
  ROUTE_ROWS,
  type RouteRow,
  registeredRoutes,
  routeKey,
} from './matrix.js';
import { type AuthzWorld, buildWorld } from './world.js';

function rowsOf(configuration: Configuration | 'default'): RouteRow[] {
  const present: (Configuration | undefined)[] =
    configuration === 'default' ? [undefined, 'test-payments'] : [undefined, configuration];
  return ROUTE_ROWS.filter((row) => present.includes(row.only));
}

function expectAnswer(response: ApiResponse, expected: CaseResult) {
  expect(response.status, response.text).toBe(expected.status);
  const shape = expected.shape ?? 'detail';
  const type = response.headers.get('content-type') ?? '';
  if (shape === 'detail') {
    expect(type).toContain('application/json');
    expect(typeof (response.body as { detail?: unknown }).detail, response.text).toBe('string');
    if (expected.detail) expect(response.body).toEqual({ detail: expected.detail });
  } else if (shape === 'fields') {
    expect(type).toContain('application/json');
    expect(Object.keys(response.body as object).length).toBeGreaterThan(0);
  } else if (shape === 'html') {
    expect(type).toContain('text/html');
  } else if (shape === 'redirect') {
    expect(response.headers.get('location')).toBeTruthy();
  }
}

async function anonymousCall(row: RouteRow, world: AuthzWorld): Promise<ApiResponse> {
  if (row.anonymous.call) return row.anonymous.call(world);
  const url = row.url?.(world) ?? row.path;
  return world.server.client().request(row.method, url, undefined, {});
}

const ADD_A_ROW =
  'every route needs a row in test/authorization/matrix.ts and docs/authorization.md (see "Adding a row" there)';

let server: TestServer;
let world: AuthzWorld;
/** Stripe payments and a built app: the routes only those configurations register. */
let other: TestServer;
let otherWorld: AuthzWorld;
let appDist: string;

beforeAll(async () => {
  appDist = await mkdtemp(join(tmpdir(), 'parley-authz-app-'));
  await writeFile(join(appDist, 'index.html'), '<!doctype html><title>Parley</title>');
  [server, other] = await Promise.all([
    // Drive set up (its callback's refusals are then the real ones); no request leaves loopback.
    startTestServer({
      drive: {
        clientId: 'authz-client',
        clientSecret: 'authz-secret',
        issuer: 'http://127.0.0.1:9/',
        apiUrl: 'http://127.0.0.1:9/',
        folderName: 'Parley',
      },
    }),
    startTestServer({
      appDist,
      payments: { stripe: { secretKey: 'sk_test_authz', webhookSecret: 'whsec_authz' } },
    }),
  ]);
  world = await buildWorld(server);
  otherWorld = { ...world, server: other, http: other.client() };
});

afterAll(async () => {
  await Promise.all([server?.close(), other?.close()]);
  await rm(appDist, { recursive: true, force: true });
});

describe('the authorization matrix covers every route', () => {
  it('the default server (test payments) registers exactly the rows', () => {
    const rows = new Set(rowsOf('default').map((row) => routeKey(row.method, row.path)));
    expect([...registeredRoutes(server.app)].sort(), ADD_A_ROW).toEqual([...rows].sort());
  });

  it('with Stripe keys and a built app the server registers exactly the rows', () => {
    const rows = new Set(
      [...rowsOf('stripe'), ...rowsOf('built-app')].map((row) => routeKey(row.method, row.path)),
    );
    expect([...registeredRoutes(other.app)].sort(), ADD_A_ROW).toEqual([...rows].sort());
  });

  it('docs/authorization.md has a row for each', async () => {
    const doc = await readFile(
      new URL('../../../../docs/authorization.md', import.meta.url),
      'utf8',
    );
    const missing = ROUTE_ROWS.filter(
      (row) => !doc.includes(`| \`${row.method}\` | \`${row.path}\` |`),
    ).map((row) => `${row.method} ${row.path}`);
    expect(missing, ADD_A_ROW).toEqual([]);
  });
});

describe.each(ROUTE_ROWS.map((row) => [`${row.method} ${row.path}`, row] as const))(
  '%s',
  (_name, row) => {
    const worldFor = () => (row.only === 'stripe' || row.only === 'built-app' ? otherWorld : world);

    it(`anonymous: ${row.anonymous.status}`, async () => {
      expectAnswer(await anonymousCall(row, worldFor()), row.anonymous);
    });

    if (row.anonymous.status === 401 && !row.anonymous.call) {
      it('a bearer token that is not valid: 401', async () => {
        const w = worldFor();
        const forged = `${w.alice.token.slice(0, -4)}AAAA`;
        const response = await w.server
          .client()
          .request(row.method, row.url?.(w) ?? row.path, undefined, { token: forged });
        expectAnswer(response, { status: 401, detail: AUTH_MESSAGES.invalid });
      });
    }

    // A row with `denied: { none }` has no other person's resource to reach (the doc says why).
    const denied = row.denied;
    if (!('none' in denied)) {
      it(`${denied.as}: ${denied.status}`, async () => {
        const w = worldFor();
        expectAnswer(await denied.call(w), denied);
        await denied.after?.(w);
      });
    }
  },
);
