import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LibreTranslateLanguageDetector,
  LibreTranslateTranslator,
} from '../src/translation/libreTranslateTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { standInEgress } from './support/standInEgress.js';

/** A tiny LibreTranslate-compatible server on 127.0.0.1 with switchable behaviour. */
interface Received {
  path: string;
  body: Record<string, unknown>;
}

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let mode: 'ok' | 'http500' | 'slow' = 'ok';

const DICTIONARY: Record<string, string> = { 'Hello, how are you?': '¿Hola, cómo estás?' };

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = request.method === 'POST' ? await readJson(request) : {};
    received.push({ path: request.url ?? '', body });
    if (mode === 'http500') return send(response, 500, { error: 'model crashed' });
    if (mode === 'slow') return; // never answers
    if (request.url === '/languages') {
      return send(response, 200, [
        { code: 'en', name: 'English', targets: ['es', 'zh-Hans', 'pb'] },
        { code: 'es', name: 'Spanish', targets: ['en'] },
        { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
      ]);
    }
    if (request.url === '/translate') {
      if (body.source === 'en' && body.target === 'de') {
        return send(response, 400, { error: 'de is not supported' });
      }
      const q = String(body.q);
      return send(response, 200, { translatedText: DICTIONARY[q] ?? `[${body.target}] ${q}` });
    }
    if (request.url === '/detect') {
      return send(response, 200, [
        { language: 'es', confidence: 92 },
        { language: 'pt', confidence: 10 },
      ]);
    }
    send(response, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  mode = 'ok';
});

describe('LibreTranslate adapter (against a local HTTP server)', () => {
  it('lists /languages pairs in sdk codes, skipping languages the sdk lacks', async () => {
    const translator = new LibreTranslateTranslator({ egress: standInEgress, baseUrl });
    expect((await translator.capabilities()).pairs).toEqual([
      { from: 'en', to: 'es' },
      { from: 'en', to: 'zh' },
      { from: 'es', to: 'en' },
      { from: 'es', to: 'zh', via: ['en'] },
      { from: 'zh', to: 'en' },
      { from: 'zh', to: 'es', via: ['en'] },
    ]);
  });

  it('chains a pair it lacks through the pivot its routes give, one /translate per leg', async () => {
    const translator = new LibreTranslateTranslator({ egress: standInEgress, baseUrl });
    const result = await translateSafely(translator, 'Hola', 'es', 'zh');
    expect(result).toEqual({
      text: '[zh-Hans] [en] Hola',
      translated: true,
      engine: 'libretranslate',
    });
    const legs = received.filter((request) => request.path === '/translate');
    expect(legs.map((leg) => [leg.body.source, leg.body.target])).toEqual([
      ['es', 'en'],
      ['en', 'zh-Hans'],
    ]);
  });

  it('POSTs /translate with the api key and the engine’s own language codes', async () => {
    const translator = new LibreTranslateTranslator({
      egress: standInEgress,
      baseUrl,
      apiKey: 'secret-key',
    });
    expect(await translateSafely(translator, 'Hello, how are you?', 'en', 'es')).toEqual({
      text: '¿Hola, cómo estás?',
      translated: true,
      engine: 'libretranslate',
    });
    await translator.translate('Good night', 'en', 'zh');
    const translations = received.filter((request) => request.path === '/translate');
    expect(translations[0]?.body).toEqual({
      q: 'Hello, how are you?',
      source: 'en',
      target: 'es',
      format: 'text',
      api_key: 'secret-key',
    });
    expect(translations[1]?.body.target).toBe('zh-Hans');
  });

  it('refuses pairs /languages does not list without asking /translate', async () => {
    const translator = new LibreTranslateTranslator({ egress: standInEgress, baseUrl });
    expect(await translateSafely(translator, 'Hallo', 'de', 'en')).toEqual({
      text: 'Hallo',
      translated: false,
      failure: 'unsupported',
    });
    expect(received.some((request) => request.path === '/translate')).toBe(false);
  });

  it('delivers the original text marked engine_error on an HTTP error', async () => {
    const translator = new LibreTranslateTranslator({ egress: standInEgress, baseUrl });
    await translator.capabilities();
    mode = 'http500';
    expect(await translateSafely(translator, 'Hello', 'en', 'es')).toEqual({
      text: 'Hello',
      translated: false,
      failure: 'engine_error',
    });
  });

  it('delivers the original text marked timeout when the server does not answer', async () => {
    const translator = new LibreTranslateTranslator({ egress: standInEgress, baseUrl });
    await translator.capabilities();
    mode = 'slow';
    expect(await translateSafely(translator, 'Hello', 'en', 'es', { timeoutMs: 100 })).toEqual({
      text: 'Hello',
      translated: false,
      failure: 'timeout',
    });
  });

  it('delivers the original text marked engine_error when nothing listens', async () => {
    const translator = new LibreTranslateTranslator({
      egress: standInEgress,
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(await translator.capabilities()).toEqual({ pairs: [] });
    expect((await translateSafely(translator, 'Hello', 'en', 'es')).failure).toBe('engine_error');
  });

  it('detects languages through /detect, confidence as 0–1', async () => {
    const detector = new LibreTranslateLanguageDetector(
      new LibreTranslateTranslator({ egress: standInEgress, baseUrl }),
    );
    expect(await detector.detect('¿Dónde está la biblioteca?')).toEqual({
      language: 'es',
      confidence: 0.92,
      reliable: true,
    });
    expect(await detector.languages()).toEqual(['en', 'es', 'zh']);
  });
});
