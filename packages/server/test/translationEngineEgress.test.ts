import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard } from '../src/http/egressGuard.js';
import { privateHostsFromEnv, readPrivateHosts } from '../src/http/engineEgress.js';
import { AmazonTranslator } from '../src/translation/amazonTranslator.js';
import { AzureTranslator } from '../src/translation/azureTranslator.js';
import { DeepLTranslator } from '../src/translation/deeplTranslator.js';
import { GoogleTranslator } from '../src/translation/googleTranslator.js';
import { LibreTranslateTranslator } from '../src/translation/libreTranslateTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { TranslationRouter } from '../src/translation/translationRouter.js';
import type { Translator } from '../src/translation/translator.js';
import { AmazonTranslateStandIn } from './support/amazonTranslateStandIn.js';
import { AzureTranslatorStandIn } from './support/azureTranslatorStandIn.js';
import { DeepLStandIn } from './support/deeplStandIn.js';
import { GoogleTranslateStandIn } from './support/googleTranslateStandIn.js';
import { LibreTranslateStandIn } from './support/libreTranslateStandIn.js';

/**
 * Every hosted engine connects through the egress guard: an endpoint on loopback is refused when
 * the socket connects (nothing reaches it) and the message fails as the spec says, unless the
 * operator lists the host in ENGINE_PRIVATE_HOSTS (or its older name TRANSLATION_PRIVATE_HOSTS).
 */

let deepl: DeepLStandIn;
let google: GoogleTranslateStandIn;
let azure: AzureTranslatorStandIn;
let amazon: AmazonTranslateStandIn;
let libre: LibreTranslateStandIn;
/** Where refused engines are sent: it counts every request that arrives (none may). */
let counter: Server;
let counterUrl: string;
let arrived = 0;

beforeAll(async () => {
  [deepl, google, azure, amazon, libre] = await Promise.all([
    DeepLStandIn.start(),
    GoogleTranslateStandIn.start(),
    AzureTranslatorStandIn.start(),
    AmazonTranslateStandIn.start(),
    LibreTranslateStandIn.start(),
  ]);
  counter = createServer((_request, response) => {
    arrived++;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  counterUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
});

afterAll(async () => {
  counter.closeAllConnections();
  await Promise.all([
    deepl.close(),
    google.close(),
    azure.close(),
    amazon.close(),
    libre.close(),
    new Promise((resolve) => counter.close(resolve)),
  ]);
});

type EngineAt = (endpoint: string, egress: EgressGuard) => Translator;

const ENGINES: Array<[string, EngineAt, () => string]> = [
  [
    'deepl',
    (serverUrl, egress) =>
      new DeepLTranslator({
        egress,
        authKey: DeepLStandIn.KEY,
        serverUrl,
        requestTimeoutMs: 2_000,
      }),
    () => deepl.url,
  ],
  [
    'google',
    (endpoint, egress) =>
      new GoogleTranslator({
        egress,
        apiKey: GoogleTranslateStandIn.KEY,
        endpoint,
        requestTimeoutMs: 2_000,
      }),
    () => google.url,
  ],
  [
    'azure',
    (endpoint, egress) =>
      new AzureTranslator({
        egress,
        key: AzureTranslatorStandIn.KEY,
        endpoint,
        requestTimeoutMs: 2_000,
      }),
    () => azure.url,
  ],
  [
    'amazon',
    (endpoint, egress) =>
      new AmazonTranslator({
        egress,
        region: 'eu-west-1',
        endpoint,
        credentials: {
          accessKeyId: AmazonTranslateStandIn.ACCESS_KEY_ID,
          secretAccessKey: 'secret',
        },
        requestTimeoutMs: 2_000,
      }),
    () => amazon.url,
  ],
  [
    'libretranslate',
    (baseUrl, egress) => new LibreTranslateTranslator({ egress, baseUrl }),
    () => libre.url,
  ],
];

describe('translation engines through the egress guard', () => {
  it.each(ENGINES)(
    '%s: a loopback endpoint is refused at connect time; the message stays untranslated and routing moves on',
    async (_name, engineAt) => {
      const guard = new EgressGuard();
      try {
        arrived = 0;
        expect(await translateSafely(engineAt(counterUrl, guard), 'Hi', 'en', 'es')).toEqual({
          text: 'Hi',
          translated: false,
          failure: 'engine_error',
        });
        const router = new TranslationRouter([
          { translator: engineAt(counterUrl, guard), offline: false },
          { translator: libre.translator(), offline: false },
        ]);
        expect(await router.translate('Hi', 'en', 'es')).toEqual({
          text: '[libre es] Hi',
          engine: 'libretranslate',
        });
        expect(arrived).toBe(0);
      } finally {
        guard.close();
      }
    },
  );

  it.each(ENGINES)(
    '%s: reaches its endpoint on 127.0.0.1 when the operator lists that host',
    async (name, engineAt, standInUrl) => {
      const serverGuard = new EgressGuard();
      const engineGuard = serverGuard.forEngines(readPrivateHosts(' 127.0.0.1 '));
      try {
        const result = await engineAt(standInUrl(), engineGuard).translate('Hi', 'en', 'es');
        expect(result.engine).toBe(name);
        expect(result.text).toMatch(/Hi/);
        expect(result.text).not.toBe('Hi');
        // The server's own guard (push endpoints, link previews) never gets the list.
        expect(serverGuard.urlRefusal(`${standInUrl()}/x`, { allowHttp: true })).toBe(
          'loopback address',
        );
      } finally {
        engineGuard.close();
        serverGuard.close();
      }
    },
  );

  it('reads ENGINE_PRIVATE_HOSTS, and its older name, as host names or addresses only', () => {
    expect(readPrivateHosts('127.0.0.1, Translate.Internal ,::1')).toEqual([
      '127.0.0.1',
      'translate.internal',
      '::1',
    ]);
    expect(readPrivateHosts(undefined)).toEqual([]);
    expect(() => readPrivateHosts('http://10.0.0.5')).toThrow(/ENGINE_PRIVATE_HOSTS/);
    expect(() => readPrivateHosts('10.0.0.5:5000', 'TRANSLATION_PRIVATE_HOSTS')).toThrow(
      /TRANSLATION_PRIVATE_HOSTS/,
    );
    // The two settings add up; an entry in both counts once.
    expect(
      privateHostsFromEnv({
        ENGINE_PRIVATE_HOSTS: '10.0.0.7,127.0.0.1',
        TRANSLATION_PRIVATE_HOSTS: '127.0.0.1,libre.internal',
      }),
    ).toEqual(['10.0.0.7', '127.0.0.1', 'libre.internal']);
    expect(() => privateHostsFromEnv({ ENGINE_PRIVATE_HOSTS: 'https://x' })).toThrow(
      /Invalid ENGINE_PRIVATE_HOSTS/,
    );
  });
});
