import { createSessionClient, type StorageLike } from '@parley/chat-sdk/auth';
import { interfaceLocale, setInterfaceLocale } from '@parley/chat-sdk/i18n';
import type { CurrentUser } from '@parley/chat-sdk/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_STRINGS } from './appStrings';
import { localeFor, startInterfaceLocale } from './interfaceLocale';

afterEach(async () => {
  await setInterfaceLocale('en');
});

const ana = {
  id: 1,
  username: 'ana',
  email: 'ana@example.com',
  phone: '',
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
} as unknown as CurrentUser;

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: StorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { storage, items };
}

function signedInStorage(user: CurrentUser) {
  return memoryStorage({
    'persist:root': JSON.stringify({
      auth: JSON.stringify({ accessToken: 'tok', user }),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    }),
  });
}

/** A server that answers the settings calls by echoing their body, and records what it got. */
function fakeServer() {
  const calls: Array<{ path: string; body: unknown; acceptLanguage: string | null }> = [];
  let profile: CurrentUser = ana;
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(url), 'http://parley.test').pathname;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ path, body, acceptLanguage: headers.get('Accept-Language') });
    if (path === '/accounts/csrf/') return Response.json({ csrfToken: 'c' });
    if (path === '/accounts/me/') return Response.json(profile);
    if (path === '/accounts/login/') return Response.json({ access_token: 'tok' });
    profile = { ...profile, ...body };
    if (path === '/accounts/update-language/') return Response.json(profile);
    return Response.json(body ?? {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const fakeRoot = () => ({ lang: '', dir: '' }) as unknown as HTMLElement;

describe('the interface locale (issue 27)', () => {
  it('follows the profile choice, then the chat language, then the browser, then English', () => {
    const preferences = ['fr-CH', 'de'];
    expect(
      localeFor({ user: { ...ana, interface_language: 'ar' }, signedOutChoice: 'it', preferences }),
    ).toBe('ar');
    expect(localeFor({ user: ana, signedOutChoice: 'it', preferences })).toBe('es');
    expect(
      localeFor({ user: { ...ana, language: 'Tok Pisin' }, signedOutChoice: null, preferences }),
    ).toBe('fr');
    expect(localeFor({ user: null, signedOutChoice: 'it', preferences })).toBe('it');
    expect(localeFor({ user: null, signedOutChoice: null, preferences })).toBe('fr');
    expect(localeFor({ user: null, signedOutChoice: null, preferences: ['ja'] })).toBe('en');
  });

  it('signed out: the browser first, then the switcher, remembered and applied to <html> at once', async () => {
    const { storage, items } = memoryStorage();
    const client = createSessionClient({ apiUrl: '', storage, fetch: fakeServer().fetch });
    const root = fakeRoot();
    const control = await startInterfaceLocale(client, { storage, root, preferences: ['zh-CN'] });

    expect(interfaceLocale()).toBe('zh');
    expect(root).toMatchObject({ lang: 'zh', dir: 'ltr' });
    expect(APP_STRINGS.unreadTitle('3', 'Parley')).toBe('（3）Parley');

    await control.chooseSignedOut('ar');
    expect(interfaceLocale()).toBe('ar');
    expect(root).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(items.get('interfaceLocale')).toBe('ar');

    await control.chooseSignedOut(null);
    expect(interfaceLocale()).toBe('zh');
    expect(items.has('interfaceLocale')).toBe(false);
    control.stop();
  });

  it('signed in: the chat language, a chat-language change, then Settings, without a reload', async () => {
    const { storage } = signedInStorage(ana);
    const server = fakeServer();
    const client = createSessionClient({ apiUrl: '', storage, fetch: server.fetch });
    const root = fakeRoot();
    const control = await startInterfaceLocale(client, {
      storage,
      root,
      preferences: ['en-US'],
    });
    expect(interfaceLocale()).toBe('es');

    // No interface language chosen: changing the chat language moves the interface along.
    await client.session.setLanguage('German');
    await vi.waitFor(() => expect(interfaceLocale()).toBe('de'));

    await control.chooseInSettings('ar');
    expect(interfaceLocale()).toBe('ar');
    expect(root).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(client.session.state.user?.interface_language).toBe('ar');
    const saved = server.calls.find((call) => call.path === '/accounts/update-interface-language/');
    expect(saved?.body).toEqual({ interface_language: 'ar' });
    await client.session.refreshUser();
    expect(server.calls.at(-1)).toMatchObject({ path: '/accounts/me/', acceptLanguage: 'ar' });

    // A chosen interface language holds whatever the chat language.
    await client.session.setLanguage('French');
    await Promise.resolve();
    expect(interfaceLocale()).toBe('ar');

    await control.chooseInSettings(null);
    expect(interfaceLocale()).toBe('fr');
    expect(root.dir).toBe('ltr');
    control.stop();
  });

  it('a language picked while signed out becomes the account’s choice when it has none', async () => {
    const { storage } = memoryStorage();
    const server = fakeServer();
    const client = createSessionClient({ apiUrl: '', storage, fetch: server.fetch });
    const control = await startInterfaceLocale(client, {
      storage,
      root: fakeRoot(),
      preferences: ['en-US'],
    });
    await control.chooseSignedOut('it');
    expect(interfaceLocale()).toBe('it');

    // Ana’s chat language is Spanish, but she read the sign-in page in Italian and keeps it.
    await client.session.signIn('ana', 'secret');
    await vi.waitFor(() =>
      expect(
        server.calls.find((call) => call.path === '/accounts/update-interface-language/')?.body,
      ).toEqual({ interface_language: 'it' }),
    );
    expect(client.session.state.user?.interface_language).toBe('it');
    expect(interfaceLocale()).toBe('it');
    control.stop();
  });
});
