import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SignInError } from '../src/index';
import { API_URL, ana, persistedValue, registration } from './support/fixtures';
import { createCallLog, createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

describe('CSRF', () => {
  it('sends the X-CSRFToken header on unsafe calls and not on GET', async () => {
    const seen: Record<string, string | null> = {};
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/me/`, ({ request }) => {
        seen.me = request.headers.get('X-CSRFToken');
        return HttpResponse.json(ana);
      }),
      http.patch(`${API_URL}/accounts/update-voice-output/`, ({ request }) => {
        seen.voice = request.headers.get('X-CSRFToken');
        seen.auth = request.headers.get('Authorization');
        return HttpResponse.json(ana);
      }),
      http.post(`${API_URL}/accounts/logout/`, ({ request }) => {
        seen.logout = request.headers.get('X-CSRFToken');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
    await client.ready;

    await client.api.accounts.me();
    await client.api.accounts.updateVoiceOutput(false);
    await client.api.accounts.logout();

    expect(seen).toEqual({ me: null, voice: 'csrf-1', auth: 'Bearer tok', logout: 'csrf-1' });
  });

  it('fetches a fresh CSRF token before every registration and sends it', async () => {
    const log = createCallLog();
    const registerHeaders: (string | null)[] = [];
    server.use(
      csrfHandler(log),
      http.post(`${API_URL}/accounts/register/`, ({ request }) => {
        log.record(request);
        registerHeaders.push(request.headers.get('X-CSRFToken'));
        return HttpResponse.json(
          { user_name: 'ana', access_token: 'tok', user_id: 1 },
          { status: 201 },
        );
      }),
      http.get(`${API_URL}/accounts/me/`, () => HttpResponse.json(ana)),
    );
    const { client } = createTestClient();
    await client.ready;

    await client.session.register(registration);
    await client.session.register({ ...registration, username: 'ana2' });

    expect(log.calls).toEqual([
      'GET /accounts/csrf/', // at start
      'GET /accounts/csrf/',
      'POST /accounts/register/',
      'GET /accounts/csrf/',
      'POST /accounts/register/',
    ]);
    expect(registerHeaders).toEqual(['csrf-2', 'csrf-3']);
  });

  it("refetches the token once and replays after 'CSRF token missing or incorrect.'", async () => {
    const log = createCallLog();
    let logins = 0;
    server.use(
      csrfHandler(log),
      http.post(`${API_URL}/accounts/login/`, ({ request }) => {
        log.record(request);
        logins += 1;
        if (logins === 1) {
          return HttpResponse.json({ detail: 'CSRF token missing or incorrect.' }, { status: 403 });
        }
        return HttpResponse.json({
          access_token: `tok-with-${request.headers.get('X-CSRFToken')}`,
        });
      }),
      http.get(`${API_URL}/accounts/me/`, () => HttpResponse.json(ana)),
    );
    const { client } = createTestClient();
    await client.ready;

    await client.session.signIn('ana', 'secret');

    expect(log.calls).toEqual([
      'GET /accounts/csrf/',
      'POST /accounts/login/',
      'GET /accounts/csrf/',
      'POST /accounts/login/',
    ]);
    expect(client.session.state.accessToken).toBe('tok-with-csrf-2');
  });

  it('refetches the CSRF token only once when the server keeps refusing it', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(log),
      http.post(`${API_URL}/accounts/login/`, ({ request }) => {
        log.record(request);
        return HttpResponse.json({ detail: 'CSRF token missing or incorrect.' }, { status: 403 });
      }),
    );
    const { client } = createTestClient();
    await client.ready;

    await expect(client.session.signIn('ana', 'secret')).rejects.toBeInstanceOf(SignInError);
    expect(log.count('POST /accounts/login/')).toBe(2);
    expect(log.count('GET /accounts/csrf/')).toBe(2);
  });
});
