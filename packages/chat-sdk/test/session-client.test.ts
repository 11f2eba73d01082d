import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { completeParleyClient, createSessionClient } from '../src/index';
import { API_URL, ana } from './support/fixtures';
import {
  createInspectableStorage,
  createSilentLogger,
  csrfHandler,
  useApiServer,
} from './support/test-client';

const server = useApiServer();

describe('a session client grown into the whole client', () => {
  it('signs in with the session part alone, then the whole client shares that session', async () => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/login/`, () => HttpResponse.json({ access_token: 'tok' })),
      http.get(`${API_URL}/accounts/me/`, () => HttpResponse.json(ana)),
    );
    const { storage } = createInspectableStorage();
    const session = createSessionClient({
      apiUrl: API_URL,
      storage,
      logger: createSilentLogger(),
    });
    await session.ready;
    await session.session.signIn('ana@example.com', 'secret');

    const whole = completeParleyClient(session);
    expect(whole.session).toBe(session.session);
    expect(whole.api.accounts).toBe(session.api.accounts);
    expect(whole.ready).toBe(session.ready);
    expect(whole.session.state).toMatchObject({ status: 'signedIn', accessToken: 'tok' });

    // Session events reach listeners of either; the whole client's stores reset on sign-out.
    const heard: string[] = [];
    session.on('session:changed', () => heard.push('session'));
    whole.on('session:changed', () => heard.push('whole'));
    server.use(
      http.post(`${API_URL}/accounts/logout/`, () => new HttpResponse(null, { status: 204 })),
    );
    await whole.session.signOut();
    expect(heard).toEqual(['session', 'whole']);
    expect(whole.chatList.state).toBeDefined();
    whole.dispose();
  });

  it('refuses a client it did not make', () => {
    server.use(csrfHandler());
    const session = createSessionClient({ apiUrl: API_URL, storage: null });
    expect(() => completeParleyClient({ ...session })).toThrow(/createSessionClient/);
    session.dispose();
  });
});
