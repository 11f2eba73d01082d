import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Capabilities,
  canTranslate,
  findLanguageByCode,
  languageCodeOf,
  languageForEngineCode,
  languageNameForCode,
  languageWrittenAs,
  planTranslationRoutes,
  translationReach,
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
      { from: 'ca', to: 'fr', via: ['es'] },
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
    await expect(client.api.meta.translationRoute('ca', 'fr')).resolves.toEqual({
      kind: 'pivot',
      via: ['es'],
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

  it('reports a listed pivot pair with its via chain, and only what the server lists', () => {
    expect(translationRoute(capabilities, 'Catalan', 'French')).toEqual({
      kind: 'pivot',
      via: ['es'],
    });
    // The server lists every route it computed: an unlisted pair is not translated.
    expect(translationRoute(capabilities, 'es', 'fr')).toBeNull();
  });

  it('reads a one-pivot via sent as a string by an older server', () => {
    const older = {
      translation: { engine: 'apertium', pairs: [{ from: 'ca', to: 'fr', via: 'es' as never }] },
    };
    expect(translationRoute(older, 'ca', 'fr')).toEqual({ kind: 'pivot', via: ['es'] });
  });

  it('routes through the direct pairs of a server that lists only those, up to two pivots', () => {
    const directOnly = {
      translation: {
        engine: 'libretranslate',
        pairs: [
          { from: 'es', to: 'en' },
          { from: 'en', to: 'es' },
          { from: 'en', to: 'fr' },
          { from: 'fr', to: 'de' },
          { from: 'de', to: 'ja' },
        ],
      },
    };
    expect(translationRoute(directOnly, 'es', 'fr')).toEqual({ kind: 'pivot', via: ['en'] });
    expect(translationRoute(directOnly, 'es', 'de')).toEqual({ kind: 'pivot', via: ['en', 'fr'] });
    // es → en → fr → de → ja needs three pivots: more than the rule allows.
    expect(canTranslate(directOnly, 'es', 'ja')).toBe(false);
    // One-way: nothing leads back from French.
    expect(canTranslate(directOnly, 'fr', 'en')).toBe(false);
  });

  it('is false for unknown or missing languages', () => {
    expect(canTranslate(capabilities, 'Klingon', 'en')).toBe(false);
    expect(canTranslate(capabilities, null, 'en')).toBe(false);
    expect(canTranslate(capabilities, 'en', '')).toBe(false);
  });
});

describe('translationReach: which way a private chat is translated', () => {
  it('is both ways when each direction has a route, or when both write the same language', () => {
    expect(translationReach(capabilities, 'English', 'Spanish')).toEqual({ kind: 'both' });
    const none = { translation: { engine: 'none', pairs: [] } };
    expect(translationReach(none, 'English', 'en')).toEqual({ kind: 'both' });
  });

  it('names the one direction that is not translated, whichever side it is on', () => {
    // en → fr is listed, fr → en is not: my French is not translated for an English reader.
    expect(translationReach(capabilities, 'French', 'English')).toEqual({
      kind: 'one-way',
      untranslated: { from: 'French', to: 'English' },
    });
    // Their French does not reach me in English.
    expect(translationReach(capabilities, 'English', 'French')).toEqual({
      kind: 'one-way',
      untranslated: { from: 'French', to: 'English' },
    });
  });

  it('is neither when no route leads either way, unknown languages included', () => {
    expect(translationReach(capabilities, 'English', 'Tongan')).toEqual({ kind: 'neither' });
    expect(translationReach(capabilities, 'Klingon', 'English')).toEqual({ kind: 'neither' });
  });

  it('is unknown until capabilities and both languages are known', () => {
    expect(translationReach(null, 'English', 'French')).toEqual({ kind: 'unknown' });
    expect(translationReach(capabilities, null, 'French')).toEqual({ kind: 'unknown' });
    expect(translationReach(capabilities, 'English', '')).toEqual({ kind: 'unknown' });
  });
});

describe('language codes', () => {
  it('maps codes to the picker languages and back', () => {
    expect(findLanguageByCode('TO')?.name).toBe('Tongan');
    expect(languageNameForCode('tpi')).toBe('Tok Pisin');
    expect(languageNameForCode('xx')).toBe('xx');
    expect(languageNameForCode('sh')).toBe('Serbo-Croatian');
    expect(languageCodeOf('Haitian Creole')).toBe('ht');
    expect(languageCodeOf('ht')).toBe('ht');
    expect(languageCodeOf('nowhere')).toBeUndefined();
  });
});

describe('engine codes', () => {
  it('maps ISO 639-3, Apertium and alias codes to one table entry', () => {
    expect(languageForEngineCode('spa')?.code).toBe('es');
    expect(languageForEngineCode('nob')?.code).toBe('no');
    expect(languageForEngineCode('nb')?.code).toBe('no');
    expect(languageForEngineCode('zlm')?.code).toBe('ms');
    expect(languageForEngineCode('hbs')?.code).toBe('sh');
    expect(languageForEngineCode('glg')?.code).toBe('gl');
    expect(languageForEngineCode('tl')?.code).toBe('fil');
    expect(languageForEngineCode('qqq')).toBeUndefined();
  });

  it('skips regional variants unless asked, and knows the variants picker languages are written in', () => {
    expect(languageForEngineCode('pt_BR')).toBeUndefined();
    expect(languageForEngineCode('zh-Hans', true)?.code).toBe('zh');
    expect(languageWrittenAs('hbs_SR')?.name).toBe('Serbian');
    expect(languageWrittenAs('hbs_HR')?.name).toBe('Croatian');
    expect(languageWrittenAs('cat_valencia')).toBeUndefined();
  });
});

describe('planTranslationRoutes', () => {
  const both = (a: string, b: string) => [
    { from: a, to: b },
    { from: b, to: a },
  ];

  it('prefers a direct pair, then the shortest chain, then the best-known pivots', () => {
    const routes = planTranslationRoutes([
      ...both('en', 'es'),
      ...both('en', 'gl'),
      ...both('es', 'pt'),
      ...both('gl', 'pt'),
      ...both('es', 'it'),
      ...both('en', 'it'),
    ]);
    const route = (from: string, to: string) =>
      routes.find((pair) => pair.from === from && pair.to === to);
    expect(route('en', 'it')).toEqual({ from: 'en', to: 'it' });
    // en → es → pt and en → gl → pt are as short: Spanish is the better-known pivot.
    expect(route('en', 'pt')).toEqual({ from: 'en', to: 'pt', via: ['es'] });
    expect(route('it', 'gl')).toEqual({ from: 'it', to: 'gl', via: ['en'] });
  });

  it('chains at most two pivots and follows one-way pairs one way only', () => {
    const routes = planTranslationRoutes([
      ...both('en', 'sh'),
      ...both('sh', 'mk'),
      ...both('mk', 'bg'),
      ...both('bg', 'xx'),
      { from: 'is', to: 'en' },
    ]);
    const has = (from: string, to: string) =>
      routes.find((pair) => pair.from === from && pair.to === to);
    expect(has('en', 'bg')).toEqual({ from: 'en', to: 'bg', via: ['sh', 'mk'] });
    expect(has('en', 'xx')).toBeUndefined();
    expect(has('is', 'mk')).toEqual({ from: 'is', to: 'mk', via: ['en', 'sh'] });
    expect(has('en', 'is')).toBeUndefined();
    expect(routes.some((pair) => pair.from === pair.to)).toBe(false);
  });
});
