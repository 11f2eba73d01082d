import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { NEVER_TRANSLATED_PATHS, normalizeNeverTranslatedWord } from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

// The sender's glossary (Parley extension, docs/protocol.md "Never translated").

const server = useApiServer();

async function signedIn() {
  const setup = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
  await setup.client.ready;
  return setup;
}

describe('words never translated', () => {
  it('lists, adds and removes through the accounts api, each answering the whole list', async () => {
    const seen: { method: string; path: string; body: unknown }[] = [];
    let words = ['churros'];
    server.use(
      csrfHandler(),
      http.get(`${API_URL}${NEVER_TRANSLATED_PATHS.words}`, () => HttpResponse.json({ words })),
      http.post(`${API_URL}${NEVER_TRANSLATED_PATHS.words}`, async ({ request }) => {
        const body = (await request.json()) as { word: string };
        seen.push({ method: 'POST', path: 'add', body });
        words = [...words, body.word];
        return HttpResponse.json({ words }, { status: 201 });
      }),
      http.post(`${API_URL}${NEVER_TRANSLATED_PATHS.remove}`, async ({ request }) => {
        const body = (await request.json()) as { word: string };
        seen.push({ method: 'POST', path: 'remove', body });
        words = words.filter((w) => w !== body.word);
        return HttpResponse.json({ words });
      }),
    );
    const { client } = await signedIn();
    const accounts = client.api.accounts;
    expect(await accounts.neverTranslated()).toEqual({ words: ['churros'] });
    expect(await accounts.addNeverTranslated('tapas')).toEqual({ words: ['churros', 'tapas'] });
    expect(await accounts.removeNeverTranslated('churros')).toEqual({ words: ['tapas'] });
    expect(seen).toEqual([
      { method: 'POST', path: 'add', body: { word: 'tapas' } },
      { method: 'POST', path: 'remove', body: { word: 'churros' } },
    ]);
  });

  it('normalises a word as the server stores it, and refuses what cannot be one', () => {
    expect(normalizeNeverTranslatedWord('  Parley   Pro ')).toBe('Parley Pro');
    expect(normalizeNeverTranslatedWord('مرحبا')).toBe('مرحبا');
    for (const bad of ['', '   ', 'a\nb', 'x'.repeat(65), 'a\u200Bb', '⟦0⟧']) {
      expect(normalizeNeverTranslatedWord(bad)).toBeNull();
    }
  });
});
