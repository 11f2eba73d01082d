import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Capabilities,
  canTranslate,
  findLanguageByCode,
  languageCodeOf,
  languageNameForCode,
  translationRoute,
} from '../src/index';
import { API_URL } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();
beforeEach(() => server.use(csrfHandler()));

const capabilities: Capabilities = {
  translation: {
    engine: 'apertium',
    pairs: [
      { from: 'es', to: 'en' },
      { from: 'en', to: 'es' },
      { from: 'en', to: 'fr' },
      { from: 'es', to: 'ca' },
      { from: 'ca', to: 'fr', via: 'es' },
    ],
  },
  detection: { engine: 'eld', languages: ['en', 'es', 'fr', 'ca'] },
  transcription: { engine: 'pocketsphinx', languages: ['en'] },
  synthesis: { engine: 'espeak-ng', languages: ['en', 'es'] },
};

describe('GET /meta/capabilities', () => {
  it('is asked once per client, without a bearer token, and shared by concurrent callers', async () => {
    let calls = 0;
    let authorization: string | null = 'unset';
    server.use(
      http.get(`${API_URL}/meta/capabilities`, ({ request }) => {
        calls += 1;
        authorization = request.headers.get('authorization');
        return HttpResponse.json(capabilities);
      }),
    );
    const { client } = createTestClient();

    const [first, second] = await Promise.all([
      client.api.meta.capabilities(),
      client.api.meta.capabilities(),
    ]);
    await client.api.meta.canTranslate('Spanish', 'English');

    expect(first).toEqual(capabilities);
    expect(second).toBe(first);
    expect(calls).toBe(1);
    expect(authorization).toBeNull();

    await client.api.meta.capabilities({ fresh: true });
    expect(calls).toBe(2);
    // Another client has its own cache.
    await createTestClient().client.api.meta.capabilities();
    expect(calls).toBe(3);
  });

  it('does not cache a failure: the next call asks again', async () => {
    let calls = 0;
    server.use(
      http.get(`${API_URL}/meta/capabilities`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Boom' }, { status: 503 })
          : HttpResponse.json(capabilities);
      }),
    );
    const { client } = createTestClient();

    await expect(client.api.meta.capabilities()).rejects.toMatchObject({ status: 503 });
    await expect(client.api.meta.capabilities()).resolves.toEqual(capabilities);
    expect(calls).toBe(2);
  });

  it('answers canTranslate and translationRoute from the cached capabilities', async () => {
    server.use(http.get(`${API_URL}/meta/capabilities`, () => HttpResponse.json(capabilities)));
    const { client } = createTestClient();

    await expect(client.api.meta.canTranslate('Spanish', 'English')).resolves.toBe(true);
    await expect(client.api.meta.canTranslate('English', 'Tongan')).resolves.toBe(false);
    await expect(client.api.meta.translationRoute('es', 'fr')).resolves.toEqual({
      kind: 'pivot',
      via: 'en',
    });
  });
});

describe('canTranslate and its pivots', () => {
  it('is true for the same language, by name or code, even without any pair', () => {
    const none = { translation: { engine: 'none', pairs: [] } };
    expect(canTranslate(none, 'English', 'en')).toBe(true);
    expect(translationRoute(none, ' english ', 'EN')).toEqual({ kind: 'same' });
    expect(canTranslate(none, 'English', 'Spanish')).toBe(false);
  });

  it('follows listed pairs in their direction only', () => {
    expect(translationRoute(capabilities, 'es', 'en')).toEqual({ kind: 'direct' });
    expect(translationRoute(capabilities, 'fr', 'en')).toBeNull();
  });

  it('reports a listed pivot pair with its via', () => {
    expect(translationRoute(capabilities, 'Catalan', 'French')).toEqual({
      kind: 'pivot',
      via: 'es',
    });
  });

  it('composes two direct pairs through a common language when the pair is not listed', () => {
    expect(translationRoute(capabilities, 'es', 'fr')).toEqual({ kind: 'pivot', via: 'en' });
    // Two hops through listed pivots are not chained: the server translates through one pivot.
    expect(canTranslate(capabilities, 'ca', 'en')).toBe(false);
  });

  it('is false for unknown or missing languages', () => {
    expect(canTranslate(capabilities, 'Klingon', 'en')).toBe(false);
    expect(canTranslate(capabilities, null, 'en')).toBe(false);
    expect(canTranslate(capabilities, 'en', '')).toBe(false);
  });
});

describe('language codes', () => {
  it('maps codes to the picker languages and back', () => {
    expect(findLanguageByCode('TO')?.name).toBe('Tongan');
    expect(languageNameForCode('tpi')).toBe('Tok Pisin');
    expect(languageNameForCode('xx')).toBe('xx');
    expect(languageCodeOf('Haitian Creole')).toBe('ht');
    expect(languageCodeOf('ht')).toBe('ht');
    expect(languageCodeOf('nowhere')).toBeUndefined();
  });
});
