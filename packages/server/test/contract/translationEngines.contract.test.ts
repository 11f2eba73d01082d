import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeepLTranslator } from '../../src/translation/deeplTranslator.js';
import { TranslationRouter } from '../../src/translation/translationRouter.js';
import { DeepLStandIn } from '../support/deeplStandIn.js';
import { LibreTranslateStandIn } from '../support/libreTranslateStandIn.js';
import { standInEgress } from '../support/standInEgress.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SpecHttp,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// docs/protocol.md "## Translation engines": with TRANSLATORS routing pairs over several engines,
// GET /meta/capabilities keeps the spec's shape and adds per pair `engine` and `offline`; a
// spec-only client ignores both and still gets messages translated by whichever engine serves.
describe('translation engines per pair (DeepL and LibreTranslate stand-ins)', () => {
  let deepl: DeepLStandIn;
  let libre: LibreTranslateStandIn;
  let server: TestServer;
  let ana: SpecUser; // English
  let eva: SpecUser; // Spanish
  const sockets: SpecSocket[] = [];

  beforeAll(async () => {
    [deepl, libre] = await Promise.all([DeepLStandIn.start(), LibreTranslateStandIn.start()]);
    const translator = new TranslationRouter([
      {
        translator: new DeepLTranslator({
          egress: standInEgress,
          authKey: DeepLStandIn.KEY,
          serverUrl: deepl.url,
        }).start(),
        offline: false,
      },
      { translator: libre.translator(), offline: false },
    ]);
    server = await startTestServer({ translator });
    ana = await registerSpecUser(server.url, 'English');
    eva = await registerSpecUser(server.url, 'Spanish');
    await connectSpecUsers(ana, eva);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
    await Promise.all([deepl?.close(), libre?.close()]);
  });

  it('GET /meta/capabilities: spec fields, plus engine and offline per pair', async () => {
    const { status, body } = await new SpecHttp(server.url).call<{
      translation: { engine: string; pairs: Array<Record<string, unknown>> };
    }>('GET', '/meta/capabilities');
    expect(status).toBe(200);
    expect(body.translation.engine).toBe('deepl+libretranslate');
    for (const pair of body.translation.pairs) {
      expect(pair).toMatchObject({
        from: expect.any(String),
        to: expect.any(String),
        engine: expect.stringMatching(/^(deepl|libretranslate)$/),
        offline: false,
      });
    }
    // LibreTranslate's pivots keep their `via` chain.
    expect(body.translation.pairs).toContainEqual({
      from: 'es',
      to: 'pt',
      via: ['en'],
      engine: 'libretranslate',
      offline: false,
    });
    expect(body.translation.pairs).toContainEqual({
      from: 'en',
      to: 'es',
      engine: 'deepl',
      offline: false,
    });
    expect(body.translation.pairs).toContainEqual({
      from: 'en',
      to: 'pt',
      engine: 'libretranslate',
      offline: false,
    });
  });

  it('a spec-only reader gets the message translated by the first engine for the pair', async () => {
    const anaSocket = await SpecSocket.open(server.url, ana);
    const evaSocket = await SpecSocket.open(server.url, eva);
    sockets.push(anaSocket, evaSocket);
    const room = `private-${Math.min(ana.id, eva.id)}-${Math.max(ana.id, eva.id)}`;
    for (const socket of [anaSocket, evaSocket]) {
      socket.send({ type: 'join_room', room_name: room });
      await socket.next('chat_history');
    }
    const text = 'Shall we meet at the train station tomorrow morning?';
    anaSocket.send({
      type: 'chat_message',
      message: text,
      sender_id: ana.id,
      receiver_id: eva.id,
      file_url: null,
      file_type: 'text',
      file_name: null,
    });
    const atEva = await evaSocket.next('chat_message', () => true, 20_000);
    expect(atEva.message).toBe(`[deepl es] ${text}`);
    expect(deepl.translations).toContainEqual({ text, source: 'en', target: 'es' });
  });
});
