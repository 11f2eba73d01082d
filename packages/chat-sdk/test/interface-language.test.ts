import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  interfaceLanguageOf,
  PARLEY_STORAGE_KEYS,
  readSignedOutLocale,
  rememberSignedOutLocale,
  SIGNED_OUT_LOCALE_KEY,
  setInterfaceLocale,
} from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import {
  createInspectableStorage,
  createTestClient,
  csrfHandler,
  useApiServer,
} from './support/test-client';

const server = useApiServer();

afterEach(async () => {
  await setInterfaceLocale('en');
});

async function signedIn(user = ana) {
  const setup = createTestClient({ stored: { 'persist:root': persistedValue('tok', user) } });
  await setup.client.ready;
  return setup;
}

describe('Accept-Language (issue 27)', () => {
  it('every request carries the locale the interface speaks now', async () => {
    const seen: Array<string | null> = [];
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/me/`, ({ request }) => {
        seen.push(request.headers.get('Accept-Language'));
        return HttpResponse.json(ana);
      }),
      http.patch(`${API_URL}/accounts/update-language/`, ({ request }) => {
        seen.push(request.headers.get('Accept-Language'));
        return HttpResponse.json(ana);
      }),
    );
    const { client } = await signedIn();

    await client.session.refreshUser();
    await setInterfaceLocale('es');
    await client.session.refreshUser();
    await client.session.setLanguage('Spanish');
    await setInterfaceLocale('ar');
    await client.session.refreshUser();

    expect(seen).toEqual(['en', 'es', 'es', 'ar']);
  });
});

describe('interface_language on the session (issue 27)', () => {
  it('reads the profile field, and null from a spec-only backend that never sends it', async () => {
    server.use(
      http.get(`${API_URL}/accounts/me/`, () => HttpResponse.json(ana)), // spec-only: no field
    );
    const { client } = await signedIn({ ...ana, interface_language: 'fr' });
    expect(interfaceLanguageOf(client.session.state.user)).toBe('fr');

    await client.session.refreshUser();
    expect(client.session.state.user?.interface_language).toBeUndefined();
    expect(interfaceLanguageOf(client.session.state.user)).toBeNull();
    expect(interfaceLanguageOf({ interface_language: 'klingon' })).toBeNull();
    expect(interfaceLanguageOf(null)).toBeNull();
  });

  it('a Settings change applies at once, is saved, and the server answer is kept', async () => {
    let body: unknown;
    server.use(
      csrfHandler(),
      http.patch(`${API_URL}/accounts/update-interface-language/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(body as { interface_language: string | null });
      }),
    );
    const { client, items } = await signedIn();

    const saving = client.session.setInterfaceLanguage('ar');
    expect(client.session.state.user?.interface_language).toBe('ar');
    await saving;

    expect(body).toEqual({ interface_language: 'ar' });
    expect(client.session.state.user).toMatchObject({ ...ana, interface_language: 'ar' });
    expect(items.get('persist:root')).toBe(
      persistedValue('tok', { ...ana, interface_language: 'ar' }),
    );

    await client.session.setInterfaceLanguage(null);
    expect(body).toEqual({ interface_language: null });
    expect(client.session.state.user?.interface_language).toBeNull();
  });

  it('against a spec-only backend (no such path) the choice stays and the failure is only logged', async () => {
    server.use(
      csrfHandler(),
      http.patch(`${API_URL}/accounts/update-interface-language/`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    const { client, logger } = await signedIn();

    await expect(client.session.setInterfaceLanguage('de')).resolves.toBeUndefined();

    expect(client.session.state.user?.interface_language).toBe('de');
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});

describe('the signed-out switcher choice', () => {
  it('is remembered, forgotten on null, ignores unknown values and is a Parley key sign-out clears', async () => {
    const { storage, items } = createInspectableStorage();
    expect(await readSignedOutLocale(storage)).toBeNull();
    await rememberSignedOutLocale('ca', storage);
    expect(items.get(SIGNED_OUT_LOCALE_KEY)).toBe('ca');
    expect(await readSignedOutLocale(storage)).toBe('ca');
    await rememberSignedOutLocale(null, storage);
    expect(items.has(SIGNED_OUT_LOCALE_KEY)).toBe(false);
    items.set(SIGNED_OUT_LOCALE_KEY, 'xx');
    expect(await readSignedOutLocale(storage)).toBeNull();
    expect(PARLEY_STORAGE_KEYS).toContain(SIGNED_OUT_LOCALE_KEY);
  });
});
