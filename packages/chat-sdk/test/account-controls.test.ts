import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CONTROL_FALLBACKS,
  AccountControlError,
  type AccountExport,
  CSRF_HEADER,
} from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

// Change password, delete account and export my data (Parley extensions, docs/protocol.md).

const server = useApiServer();

async function signedIn() {
  const setup = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
  await setup.client.ready;
  return setup;
}

describe('changePassword', () => {
  it('posts both passwords with the bearer and the CSRF header, and keeps the session', async () => {
    let seen: { body: unknown; csrf: string | null; auth: string | null } | undefined;
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/change-password/`, async ({ request }) => {
        seen = {
          body: await request.json(),
          csrf: request.headers.get(CSRF_HEADER),
          auth: request.headers.get('Authorization'),
        };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { client } = await signedIn();

    await client.session.changePassword('old secret', 'new secret');

    expect(seen).toEqual({
      body: { current_password: 'old secret', new_password: 'new secret' },
      csrf: 'csrf-1',
      auth: 'Bearer tok',
    });
    expect(client.session.state.user?.id).toBe(ana.id);
  });

  it('a wrong current password rejects with the server’s message on its field', async () => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/change-password/`, () =>
        HttpResponse.json(
          { current_password: ['Your current password is incorrect.'] },
          { status: 400 },
        ),
      ),
    );
    const { client } = await signedIn();

    const failure = await client.session.changePassword('wrong', 'new').catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(AccountControlError);
    expect((failure as AccountControlError).fields).toEqual({
      current_password: 'Your current password is incorrect.',
    });
    expect((failure as AccountControlError).status).toBe(400);
    expect(client.session.state.user?.id).toBe(ana.id);
  });

  it('a server or network failure gives the fallback sentence, never internals', async () => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/change-password/`, () =>
        HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 }),
      ),
    );
    const { client } = await signedIn();
    const failure = await client.session.changePassword('a', 'b').catch((e: unknown) => e);
    expect((failure as Error).message).toBe(ACCOUNT_CONTROL_FALLBACKS.changePassword);
  });
});

describe('deleteAccount', () => {
  it('posts the password, then clears the session and what was stored', async () => {
    let body: unknown;
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/delete-account/`, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { client, items } = await signedIn();

    await client.session.deleteAccount('my secret');

    expect(body).toEqual({ password: 'my secret' });
    expect(client.session.state).toEqual({ status: 'signedOut', accessToken: null, user: null });
    expect(items.has('persist:root')).toBe(false);
  });

  it('a wrong password or a refusal keeps the session and carries the server’s message', async () => {
    let answer = 0;
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/delete-account/`, () => {
        answer += 1;
        return answer === 1
          ? HttpResponse.json({ password: ['The password is incorrect.'] }, { status: 400 })
          : HttpResponse.json({ detail: 'Cancel your subscription first.' }, { status: 409 });
      }),
    );
    const { client, items } = await signedIn();

    const wrong = (await client.session
      .deleteAccount('x')
      .catch((e: unknown) => e)) as AccountControlError;
    expect(wrong.fields.password).toBe('The password is incorrect.');
    const refused = (await client.session
      .deleteAccount('y')
      .catch((e: unknown) => e)) as AccountControlError;
    expect(refused.message).toBe('Cancel your subscription first.');
    expect(refused.fields).toEqual({});
    expect(client.session.state.user?.id).toBe(ana.id);
    expect(items.has('persist:root')).toBe(true);
  });
});

describe('exportData', () => {
  it('returns the JSON the server sends as a download', async () => {
    const exported = { format: 'parley-account-export', version: 1 } as AccountExport;
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/export/`, () =>
        HttpResponse.json(exported, {
          headers: { 'Content-Disposition': 'attachment; filename="parley-data.json"' },
        }),
      ),
    );
    const { client } = await signedIn();
    await expect(client.api.accounts.exportData()).resolves.toEqual(exported);
  });
});
