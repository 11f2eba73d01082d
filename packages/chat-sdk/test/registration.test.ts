import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { RegistrationError, SDK_MESSAGES } from '../src/index';
import { API_URL, ana, registration } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

describe('register', () => {
  it('sends the six fields, stores the token and loads the current user', async () => {
    let body: unknown;
    let meAuth: string | null = null;
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/register/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { user_name: 'ana', access_token: 'tok', user_id: 1 },
          { status: 201 },
        );
      }),
      http.get(`${API_URL}/accounts/me/`, ({ request }) => {
        meAuth = request.headers.get('Authorization');
        return HttpResponse.json(ana);
      }),
    );
    const { client } = createTestClient();
    await client.ready;

    await expect(client.session.register(registration)).resolves.toEqual(ana);

    expect(body).toEqual(registration);
    expect(meAuth).toBe('Bearer tok');
    expect(client.session.state).toEqual({ status: 'signedIn', accessToken: 'tok', user: ana });
  });

  const cases: [string, unknown, Partial<Record<'username' | 'email', string>>][] = [
    [
      'username',
      { username: ['Username already exists'] },
      { username: SDK_MESSAGES.usernameTaken },
    ],
    // The spec shows the same message whatever the server says about the field (spec §8).
    [
      'username (any message)',
      { username: ['Enter a valid username.'] },
      { username: 'Username already exists' },
    ],
    ['email', { email: ['Email already exists'] }, { email: 'Email already exists' }],
    [
      'username and email',
      { username: ['x'], email: ['y'], phone: ['z'] },
      { username: 'Username already exists', email: 'Email already exists' },
    ],
    ['another field', { phone: ['This field is required.'] }, {}],
    ['a general error', { detail: 'Too many requests' }, {}],
  ];

  it.each(cases)('a body naming %s shows the spec messages', async (_, errorBody, fields) => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/register/`, () =>
        HttpResponse.json(errorBody as Record<string, unknown>, { status: 400 }),
      ),
    );
    const { client, logger } = createTestClient();
    await client.ready;

    const error = await client.session.register(registration).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RegistrationError);
    expect((error as RegistrationError).fields).toEqual(fields);
    expect(client.session.state.status).toBe('signedOut');
    // Failures the user is not shown are logged (spec §8).
    expect(logger.error).toHaveBeenCalledTimes(Object.keys(fields).length === 0 ? 1 : 0);
  });

  it('a failure without a body shows nothing and is logged', async () => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/register/`, () => new HttpResponse(null, { status: 500 })),
    );
    const { client, logger } = createTestClient();
    await client.ready;

    const error = await client.session.register(registration).catch((e: unknown) => e);

    expect((error as RegistrationError).fields).toEqual({});
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});
