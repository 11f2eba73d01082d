import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApertiumTranslator } from '../../src/translation/apertiumTranslator.js';
import { APERTIUM_START_MS, apertiumAvailable } from '../support/engines.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, SpecSocket, type SpecUser } from './support/specClient.js';

const apertiumInstalled = apertiumAvailable();

// The spec's "Done means" journey with real Apertium: a client written from §7 alone registers,
// connects, joins a private room, sends and receives messages translated for a reader of another
// language, sees typing and recording, reads history, and meets the free plan's
// tier_limit_warning — with no Parley-only field anywhere.
describe.skipIf(!apertiumInstalled)('a spec-only client across languages (real Apertium)', () => {
  let server: TestServer;
  let ana: SpecUser; // English
  let eva: SpecUser; // Spanish
  const sockets: SpecSocket[] = [];

  beforeAll(async () => {
    const translator = new ApertiumTranslator().start();
    if (!(await translator.whenApyReady(APERTIUM_START_MS - 30_000))) {
      throw new Error('apertium-apy did not start');
    }
    // A cold pipeline is slow on a busy machine: warm the pair the journey uses.
    await translator.translate('Hello.', 'en', 'es');
    server = await startTestServer({ translator });
    ana = await registerSpecUser(server.url, 'English');
    eva = await registerSpecUser(server.url, 'Spanish');
  }, APERTIUM_START_MS);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  it('registers, connects, joins, talks across languages, sees indicators and reads history', async () => {
    const room = `private-${Math.min(ana.id, eva.id)}-${Math.max(ana.id, eva.id)}`;
    const anaSocket = await SpecSocket.open(server.url, ana);
    const evaSocket = await SpecSocket.open(server.url, eva);
    sockets.push(anaSocket, evaSocket);
    for (const socket of [anaSocket, evaSocket]) {
      socket.send({ type: 'join_room', room_name: room });
      await socket.next('chat_history');
    }

    anaSocket.send({ type: 'typing', is_typing: true, sender_id: ana.id, username: ana.username });
    expect(await evaSocket.next('typing_indicator')).toMatchObject({
      sender_id: ana.id,
      is_typing: true,
    });
    evaSocket.send({
      type: 'recording',
      is_recording: true,
      sender_id: eva.id,
      username: eva.username,
    });
    expect(await anaSocket.next('recording_indicator')).toMatchObject({
      sender_id: eva.id,
      is_recording: true,
    });

    anaSocket.send({
      type: 'chat_message',
      message: 'The dog eats bread.',
      sender_id: ana.id,
      receiver_id: eva.id,
      user_objects: [{ id: eva.id, username: eva.username }],
      file_url: null,
      file_type: 'text',
      file_name: null,
    });
    const atEva = await evaSocket.next('chat_message', () => true, 20_000);
    expect(atEva).toMatchObject({ sender_id: ana.id, sender_username: ana.username });
    expect(atEva.message).toMatch(/perro come pan/i);
    expect((await anaSocket.next('chat_message', () => true, 20_000)).message).toBe(
      'The dog eats bread.',
    );

    evaSocket.send({ type: 'join_room', room_name: room });
    const history = await evaSocket.next('chat_history', () => true, 20_000);
    const last = (history.message as Record<string, unknown>[]).at(-1);
    expect(last?.message).toMatch(/perro come pan/i);
  }, 60_000);

  it('over the free plan a sender gets tier_limit_warning {title, message, actions[label, url]}', async () => {
    const sender = await registerSpecUser(server.url, 'English');
    const socket = await SpecSocket.open(server.url, sender);
    sockets.push(socket);
    // Spec §9: the free plan translates 5 messages a day; the sixth comes with the warning.
    for (let n = 1; n <= 6; n++) {
      socket.send({
        type: 'chat_message',
        message: `The dog eats bread number ${n}.`,
        sender_id: sender.id,
        receiver_id: eva.id,
      });
      await socket.next('chat_message', () => true, 20_000);
    }
    const warning = await socket.next('tier_limit_warning', () => true, 20_000);
    expect(warning.title).toEqual(expect.any(String));
    expect(warning.message).toEqual(expect.any(String));
    expect(Array.isArray(warning.actions)).toBe(true);
    for (const action of warning.actions as Record<string, unknown>[]) {
      expect(action).toEqual({ label: expect.any(String), url: expect.any(String) });
    }
  }, 90_000);
});
