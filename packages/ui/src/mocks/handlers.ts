/**
 * MSW handlers for stories: the accounts calls of docs/protocol.md answered in the browser, so
 * the stories drive a real `createParleyClient({ apiUrl: '' })`. Not part of the package build.
 */
import type { CurrentUser, RegisterResponse } from '@parley/chat-sdk';
import { delay, HttpResponse, http } from 'msw';
import { mockLanguageCapabilities } from './languages';

export const mockUser: CurrentUser = {
  id: 1,
  username: 'ana',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  gender: 'FEMALE',
  first_name: null,
  last_name: null,
  profile_image: null,
  language: 'Spanish',
  profile_info: '',
  chat_theme: 'default',
  mute_sounds: false,
  voice_output_enabled: true,
  subscription_active: false,
  is_org_admin: false,
  org_invite_token: null,
  is_lifetime: false,
  org_members: [],
  org_max_users: null,
  followers_count: 0,
} as CurrentUser;

/** Keyed so a story can replace one entry: `parameters.msw.handlers.login = loginFails`. */
export const defaultHandlers = {
  csrf: http.get('/accounts/csrf/', () => HttpResponse.json({ csrfToken: 'storybook-csrf' })),
  login: http.post('/accounts/login/', () =>
    HttpResponse.json({ access_token: 'storybook-access' }),
  ),
  me: http.get('/accounts/me/', () => HttpResponse.json(mockUser)),
  register: http.post('/accounts/register/', async ({ request }) => {
    const body = (await request.json()) as { username: string };
    return HttpResponse.json(
      {
        user_name: body.username,
        access_token: 'storybook-access',
        user_id: 2,
      } satisfies RegisterResponse,
      { status: 201 },
    );
  }),
  refresh: http.post('/accounts/token/refresh/', () =>
    HttpResponse.json({ detail: 'Refresh token missing.' }, { status: 401 }),
  ),
  logout: http.post('/accounts/logout/', () => new HttpResponse(null, { status: 204 })),
  capabilities: http.get('/meta/capabilities', () => HttpResponse.json(mockLanguageCapabilities)),
};

export const loginFails = http.post('/accounts/login/', () =>
  HttpResponse.json({ detail: 'Invalid username or password' }, { status: 401 }),
);

export const loginHangs = http.post('/accounts/login/', async () => {
  await delay('infinite');
  return HttpResponse.json({ access_token: 'never' });
});

export const registerHangs = http.post('/accounts/register/', async () => {
  await delay('infinite');
  return HttpResponse.json({});
});

/** A 400 with DRF-style field errors, e.g. { username: ['Username already exists'] }. */
export function registerFieldErrors(body: Record<string, string[]>) {
  return http.post('/accounts/register/', () => HttpResponse.json(body, { status: 400 }));
}

export const registerServerError = http.post('/accounts/register/', () =>
  HttpResponse.json({ detail: 'Internal error' }, { status: 500 }),
);

export function meWith(user: Partial<CurrentUser>) {
  return http.get('/accounts/me/', () => HttpResponse.json({ ...mockUser, ...user }));
}
