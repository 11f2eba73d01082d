import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  applyCorrection,
  applyCorrections,
  type Correction,
  PREVIOUS_CHAT_URL_KEY,
  rememberPreviousChatUrl,
  takePreviousChatUrl,
} from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import {
  createInspectableStorage,
  createTestClient,
  csrfHandler,
  useApiServer,
} from './support/test-client';

const server = useApiServer();

function flag(text: string, word: string, replacements: string[], from = 0): Correction {
  const offset = text.indexOf(word, from);
  if (offset < 0) throw new Error(`${word} not in ${text}`);
  return { offset, length: word.length, word, message: 'Possible spelling mistake', replacements };
}

describe('POST /corrections/check/', () => {
  it('sends the text and language with the bearer token and CSRF header', async () => {
    let seen: { body: unknown; auth: string | null; csrf: string | null } | undefined;
    const answer = {
      language: 'es',
      supported: true,
      corrections: [flag('ola amgo', 'amgo', ['amigo', 'amago'])],
    };
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/corrections/check/`, async ({ request }) => {
        seen = {
          body: await request.json(),
          auth: request.headers.get('authorization'),
          csrf: request.headers.get('x-csrftoken'),
        };
        return HttpResponse.json(answer);
      }),
    );
    const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
    await client.ready;

    await expect(client.api.corrections.check('ola amgo', 'Spanish')).resolves.toEqual(answer);
    expect(seen).toEqual({
      body: { text: 'ola amgo', language: 'Spanish' },
      auth: 'Bearer tok',
      csrf: expect.stringMatching(/^csrf-/),
    });
  });

  it('can be aborted, and lists the checkable languages', async () => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/corrections/check/`, async ({ request }) => {
        // Answers only after the client gave up, so the abort is what ends the call.
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
        return HttpResponse.json({ language: 'en', supported: true, corrections: [] });
      }),
      http.get(`${API_URL}/corrections/languages/`, () =>
        HttpResponse.json({
          engine: 'nspell',
          languages: [
            { code: 'en', name: 'English' },
            { code: 'es', name: 'Spanish' },
            { code: 'fr', name: 'French' },
          ],
        }),
      ),
    );
    const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
    await client.ready;
    const controller = new AbortController();

    const checking = client.api.corrections.check('teh', 'en', { signal: controller.signal });
    controller.abort();
    await expect(checking).rejects.toBeDefined();
    await expect(client.api.corrections.languages()).resolves.toEqual(['en', 'es', 'fr']);
  });
});

describe('applyCorrections (auto-correct on send)', () => {
  it('applies the first suggestion of every flagged word, right to left', () => {
    const text = 'I recieve teh mesage';
    const corrections = [
      flag(text, 'recieve', ['receive', 'relieve']),
      flag(text, 'teh', ['the']),
      flag(text, 'mesage', ['message']),
    ];
    expect(applyCorrections(text, corrections)).toBe('I receive the message');
    // Order of the list does not matter.
    expect(applyCorrections(text, [...corrections].reverse())).toBe('I receive the message');
  });

  it('skips corrections without suggestions or whose word is no longer at its offset', () => {
    const text = 'teh qzxv teh';
    const corrections = [
      flag(text, 'teh', ['the']),
      flag(text, 'qzxv', []),
      { ...flag(text, 'teh', ['the'], 5), offset: 2 },
    ];
    expect(applyCorrections(text, corrections)).toBe('the qzxv teh');
    expect(applyCorrections('', corrections)).toBe('');
  });

  it('applies only the first of overlapping corrections', () => {
    const text = 'alot of';
    const whole = flag(text, 'alot', ['a lot']);
    const part = { offset: 1, length: 3, word: 'lot', message: '', replacements: ['LOT'] };
    expect(applyCorrections(text, [part, whole])).toBe('a lot of');
  });

  it('counts offsets in UTF-16 code units (emoji, accents, scripts)', () => {
    const text = '👋🏽 ¿Qué tal, amgo? 日本語 tst';
    const corrections = [flag(text, 'amgo', ['amigo']), flag(text, 'tst', ['test'])];
    expect(corrections[0]?.offset).toBe(15); // 👋🏽 is four code units
    expect(applyCorrections(text, corrections)).toBe('👋🏽 ¿Qué tal, amigo? 日本語 test');
  });

  it('replaces one word with a chosen suggestion', () => {
    const text = 'hola amgo';
    const correction = flag(text, 'amgo', ['amigo', 'amago']);
    expect(applyCorrection(text, correction, 'amago')).toBe('hola amago');
    expect(applyCorrection('hola', correction, 'amago')).toBe('hola');
  });
});

describe('previousChatUrl', () => {
  it('remembers the chat path once and gives it back once', async () => {
    const { storage, items } = createInspectableStorage();
    await rememberPreviousChatUrl('/?room=private-1-2', storage);
    expect(items.get(PREVIOUS_CHAT_URL_KEY)).toBe('/?room=private-1-2');
    await expect(takePreviousChatUrl(storage)).resolves.toBe('/?room=private-1-2');
    await expect(takePreviousChatUrl(storage)).resolves.toBeNull();
  });

  it('keeps only same-origin paths', async () => {
    const { storage, items } = createInspectableStorage({ previousChatUrl: '//evil.example' });
    await expect(takePreviousChatUrl(storage)).resolves.toBeNull();
    expect(items.has(PREVIOUS_CHAT_URL_KEY)).toBe(false);
    await rememberPreviousChatUrl('https://evil.example/', storage);
    expect(items.has(PREVIOUS_CHAT_URL_KEY)).toBe(false);
  });
});
