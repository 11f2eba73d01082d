import { TRANSLATION_TRUST_LIMITS } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarkingTranslator } from '../support/markingTranslator.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// Parley's "Translation you can trust" extensions (issue 26; docs/socket-protocol.md and
// docs/protocol.md): `translated_by` and `untranslated_words` on a reader's chat_message and
// history, and POST /chatmessage/{id}/translation-report/. A spec client sees the spec's fields
// unchanged and may ignore all of them.

let server: TestServer;
let ana: SpecUser; // English
let bo: SpecUser; // Spanish
const open: SpecSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    translator: new MarkingTranslator({
      'Meet at the tapas bar': { text: 'Quedamos en el bar tapas', unknown: ['tapas'] },
    }),
  });
  ana = await registerSpecUser(server.url, 'English');
  bo = await registerSpecUser(server.url, 'Spanish');
  await connectSpecUsers(ana, bo);
  // Out of the free plan's translation limit's way.
  await server.pglite.query('update users set subscription_active = true where id = any($1)', [
    [ana.id, bo.id],
  ]);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

const SPEC_MESSAGE_FIELDS = ['message', 'sender_id', 'sender_username', 'timestamp'];
const room = () => `private-${Math.min(ana.id, bo.id)}-${Math.max(ana.id, bo.id)}`;

async function sendTapas(): Promise<Record<string, unknown>> {
  const [anaSocket, boSocket] = await Promise.all([
    SpecSocket.open(server.url, ana),
    SpecSocket.open(server.url, bo),
  ]);
  open.push(anaSocket, boSocket);
  for (const socket of [anaSocket, boSocket]) {
    socket.send({ type: 'join_room', room_name: room() });
    await socket.next('chat_history');
  }
  anaSocket.send({ type: 'chat_message', message: 'Meet at the tapas bar', sender_id: ana.id });
  return boSocket.next('chat_message');
}

describe('Translation you can trust (ext)', () => {
  it('chat_message carries translated_by and untranslated_words for the reader; history too', async () => {
    const atBo = await sendTapas();
    for (const field of SPEC_MESSAGE_FIELDS) expect(atBo).toHaveProperty(field);
    expect(atBo).toMatchObject({
      message: 'Quedamos en el bar tapas',
      translated: true,
      translated_by: 'Apertium',
      untranslated_words: ['tapas'],
    });
    const page = await bo.http.call<{ results: Record<string, unknown>[] }>(
      'GET',
      `/chatmessage/history/?room_name=${room()}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.results.find((m) => m.id === atBo.id)).toMatchObject({
      translated_by: 'Apertium',
      untranslated_words: ['tapas'],
    });
  });

  it('POST /chatmessage/{id}/translation-report/ → 201 {message_id, reported, already_reported}; again → 200', async () => {
    const atBo = await sendTapas();
    const path = `/chatmessage/${atBo.id}/translation-report/`;
    const first = await bo.http.call('POST', path);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message_id: atBo.id, reported: true, already_reported: false });
    const again = await bo.http.call('POST', path);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message_id: atBo.id, reported: true, already_reported: true });
    // The sender was given no translation: 409 {detail}.
    const own = await ana.http.call('POST', path);
    expect(own.status).toBe(409);
    expect(own.body).toHaveProperty('detail');
  });

  it('a malformed or unknown id → 404 {detail}; past the per-person limit → 429 {detail}', async () => {
    for (const bad of ['x', '0', '12345678901', '2147483647']) {
      const answer = await bo.http.call('POST', `/chatmessage/${bad}/translation-report/`);
      expect(answer.status).toBe(404);
      expect(answer.body).toHaveProperty('detail');
    }
    let last = 0;
    for (let i = 0; i <= TRANSLATION_TRUST_LIMITS.reportsPerMinute; i += 1) {
      last = (await bo.http.call('POST', '/chatmessage/1/translation-report/')).status;
    }
    expect(last).toBe(429);
  });

  it('POST /chatmessage/{id}/translation-suggestion/ {text} → 200 {message_id, language, suggestion}; the frame reaches the reader; DELETE → suggestion null', async () => {
    const atBo = await sendTapas();
    const path = `/chatmessage/${atBo.id}/translation-suggestion/`;
    const written = await bo.http.call('POST', path, { text: 'Nos vemos en el bar de tapas' });
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({
      message_id: atBo.id,
      language: 'es',
      suggestion: {
        language: 'es',
        text: 'Nos vemos en el bar de tapas',
        author_id: bo.id,
        author_username: bo.username,
      },
    });
    expect(Object.keys((written.body as { suggestion: object }).suggestion).sort()).toEqual(
      ['author_id', 'author_username', 'language', 'text', 'updated_at'].sort(),
    );
    const boSocket = open[open.length - 1] as SpecSocket;
    const frame = await boSocket.next('translation_suggestion');
    expect(frame).toMatchObject({ message_id: atBo.id, language: 'es', room_name: room() });
    // Bad bodies → 400 field errors; the sender's own language → 409.
    for (const body of [{}, { text: '   ' }, { text: ['x'] }]) {
      const refused = await bo.http.call('POST', path, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toHaveProperty('text');
    }
    expect((await ana.http.call('POST', path, { text: 'x' })).status).toBe(409);
    const removed = await bo.http.call('DELETE', path);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message_id: atBo.id, language: 'es', suggestion: null });
    expect((await bo.http.call('DELETE', path)).status).toBe(404);
  });
});
