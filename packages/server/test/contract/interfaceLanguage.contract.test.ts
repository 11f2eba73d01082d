// Contract rows for Parley's interface language extension (issue 27; not in spec §7): the path and
// body of chat-sdk's ACCOUNT_PATHS.updateInterfaceLanguage, the optional `interface_language` of the
// current user, and error details in the language the requester asks for with Accept-Language.
import { ACCOUNT_PATHS, INTERFACE_LOCALES, SDK_MESSAGE_SOURCE } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, type SpecUser } from './support/specClient.js';

let server: TestServer;
let ana: SpecUser;

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url, 'English');
});
afterAll(() => server?.close());

describe(`contract: PATCH ${ACCOUNT_PATHS.updateInterfaceLanguage} {interface_language} → {interface_language}`, () => {
  it('is null in the me payload until chosen', async () => {
    const me = await ana.http.call('GET', ACCOUNT_PATHS.me);
    expect(me.status).toBe(200);
    expect(me.body.interface_language).toBeNull();
  });

  it('stores each interface locale, shows it in me and the export, and null forgets it', async () => {
    for (const locale of INTERFACE_LOCALES) {
      const answer = await ana.http.call('PATCH', ACCOUNT_PATHS.updateInterfaceLanguage, {
        interface_language: locale,
      });
      expect(answer).toMatchObject({ status: 200, body: { interface_language: locale } });
    }
    await ana.http.call('PATCH', ACCOUNT_PATHS.updateInterfaceLanguage, {
      interface_language: 'ar',
    });
    expect((await ana.http.call('GET', ACCOUNT_PATHS.me)).body.interface_language).toBe('ar');
    const exported = await ana.http.call<{ settings: Record<string, unknown> }>(
      'GET',
      ACCOUNT_PATHS.exportData,
    );
    expect(exported.body.settings.interface_language).toBe('ar');
    const cleared = await ana.http.call('PATCH', ACCOUNT_PATHS.updateInterfaceLanguage, {
      interface_language: null,
    });
    expect(cleared).toMatchObject({ status: 200, body: { interface_language: null } });
    expect((await ana.http.call('GET', ACCOUNT_PATHS.me)).body.interface_language).toBeNull();
  });

  it('answers 400 with the spec’s field errors for anything else, and changes nothing', async () => {
    for (const value of ['xx', 'es-ES', 'Spanish', '', 42, true, ['es'], { es: 1 }, undefined]) {
      const answer = await ana.http.call<Record<string, unknown>>(
        'PATCH',
        ACCOUNT_PATHS.updateInterfaceLanguage,
        value === undefined ? {} : { interface_language: value },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.interface_language).toEqual([expect.any(String)]);
    }
    // A JSON array is not an object body (the spec's client never sends one).
    const notObject = await ana.http.call('PATCH', ACCOUNT_PATHS.updateInterfaceLanguage, [
      'es',
    ] as unknown as Record<string, unknown>);
    expect(notObject).toMatchObject({ status: 400, body: { detail: 'Expected a JSON object.' } });
    expect((await ana.http.call('GET', ACCOUNT_PATHS.me)).body.interface_language).toBeNull();
  });

  it('answers 401 to a request without credentials', async () => {
    const response = await fetch(`${server.url}${ACCOUNT_PATHS.updateInterfaceLanguage}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ interface_language: 'es' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('contract: error details in the requester’s language (Accept-Language)', () => {
  async function signIn(headers: Record<string, string>) {
    const browser = server.client();
    await browser.request('GET', '/accounts/csrf/');
    const answer = await browser.request(
      'POST',
      ACCOUNT_PATHS.login,
      { username: ana.username, password: 'wrong password' },
      { csrf: true, headers },
    );
    return { status: answer.status, vary: answer.headers.get('vary'), text: answer.text };
  }

  it('keeps the spec’s English, byte for byte, for a client that does not ask', async () => {
    const answer = await signIn({});
    expect(answer.status).toBe(401);
    expect(answer.text).toBe(JSON.stringify({ detail: SDK_MESSAGE_SOURCE.invalidCredentials }));
    expect(answer.vary).toMatch(/accept-language/i);
  });

  it('answers in Spanish to `Accept-Language: es`, in English to a language Parley lacks', async () => {
    const spanish = await signIn({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(spanish.status).toBe(401);
    expect(JSON.parse(spanish.text)).toEqual({ detail: 'Usuario o contraseña no válidos' });
    const klingon = await signIn({ 'accept-language': 'tlh' });
    expect(JSON.parse(klingon.text)).toEqual({ detail: SDK_MESSAGE_SOURCE.invalidCredentials });
  });
});
