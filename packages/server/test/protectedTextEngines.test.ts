import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApertiumTranslator,
  LibreTranslateTranslator,
  protectingTranslator,
} from '../src/translation/index.js';
import { APERTIUM_START_MS, apertiumAvailable } from './support/engines.js';
import { standInEgress } from './support/standInEgress.js';

const SENTENCE = "Let's get tapas at 10:00 with @bo, see https://example.com";
const KEPT = ['tapas', '10:00', '@bo', 'https://example.com'];

describe.skipIf(!apertiumAvailable())('protection around the real Apertium engine', () => {
  const apertium = new ApertiumTranslator();
  const translator = protectingTranslator(apertium);

  beforeAll(async () => {
    expect(await apertium.whenApyReady(APERTIUM_START_MS - 10_000)).toBe(true);
  }, APERTIUM_START_MS);
  afterAll(() => apertium.close());

  it('keeps the glossary word, the time, the mention and the link byte for byte', async () => {
    const result = await translator.translate(SENTENCE, 'en', 'es', {
      protect: { glossary: ['tapas'], names: ['bo'] },
    });
    for (const token of KEPT) expect(result.text).toContain(token);
    expect(result.text).not.toMatch(/[⟦⟧*]/);
    expect(result.text).not.toContain('Let');
  });

  it('keeps dates, e-mails, emoji, code spans and names through the engine', async () => {
    const text =
      'Rosa will send the house keys to ana@example.org on 2026-11-26 at 3pm 👨‍👩‍👧 `git pull`';
    const result = await translator.translate(text, 'en', 'es', { protect: { names: ['Rosa'] } });
    for (const token of ['Rosa', 'ana@example.org', '2026-11-26', '3pm', '👨‍👩‍👧', '`git pull`']) {
      expect(result.text).toContain(token);
    }
    expect(result.text).toContain('casa');
  });
});

describe('protection around LibreTranslate (a stand-in that mangles stand-ins)', () => {
  let server: Server;
  let baseUrl = '';
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.url === '/languages') {
        response.end(JSON.stringify([{ code: 'en', name: 'English', targets: ['es'] }]));
        return;
      }
      const q = String((JSON.parse(body) as { q: string }).q);
      asked.push(q);
      // What neural engines do to unknown symbols: spaces inside, one bracket lost, one dropped.
      const mangled = q
        .replace("Let's get", 'Vamos a por')
        .replace('with', 'con')
        .replace('see', 'mira')
        .replace('⟦0⟧', '⟦ 0 ⟧')
        .replace('⟦1⟧', '1⟧')
        .replace(' ⟦3⟧', '');
      response.end(JSON.stringify({ translatedText: mangled }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('restores every token, even the ones the engine mangled or lost', async () => {
    const translator = protectingTranslator(
      new LibreTranslateTranslator({ egress: standInEgress, baseUrl }),
    );
    const result = await translator.translate(SENTENCE, 'en', 'es', {
      protect: { glossary: ['tapas'] },
    });
    expect(asked).toEqual(['Let’s get ⟦0⟧ at ⟦1⟧ with ⟦2⟧, see ⟦3⟧'.replace('’', "'")]);
    expect(result.text).toBe('Vamos a por tapas at 10:00 con @bo, mira https://example.com');
  });
});
