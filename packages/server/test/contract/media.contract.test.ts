/**
 * Contract rows for media (spec §7 "Chat and posts" uploads, "Socket" chunk_init / voice_chunk):
 * spec-shaped requests and frames only, answers read by the spec's field names.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeMediaEngines } from '../support/media.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, SpecSocket, type SpecUser } from './support/specClient.js';

let server: TestServer;
let ana: SpecUser; // Spanish (the spec client's default)
let bo: SpecUser; // Spanish
let cy: SpecUser; // English
const open: SpecSocket[] = [];

/** A 1×1 PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Half a second of 16 kHz mono silence as WAV. */
function wav(): Buffer {
  const data = Buffer.alloc(16000);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function voiceForm(from: SpecUser, to: SpecUser): FormData {
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(wav())], { type: 'audio/wav' }), 'voice.wav');
  form.append('sender_id', String(from.id));
  form.append('receiver_id', String(to.id));
  return form;
}

async function connect(user: SpecUser) {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  return socket;
}

beforeAll(async () => {
  // Recognition and speech stood in (tests/voiceNotes.test.ts drives the real engines).
  server = await startTestServer({ mediaEngines: fakeMediaEngines() });
  ana = await registerSpecUser(server.url);
  bo = await registerSpecUser(server.url);
  cy = await registerSpecUser(server.url, 'English');
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server?.close());

describe('spec §7 uploads', () => {
  it('POST /chatmessage/upload-file/ multipart {file, file_type, sender_id, receiver_id} → file_url, file_name', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'dot.png');
    form.append('file_type', 'image/png');
    form.append('sender_id', String(ana.id));
    form.append('receiver_id', String(bo.id));
    const response = await ana.http.call('POST', '/chatmessage/upload-file/', form);
    expect(response.status).toBe(201);
    expect(typeof response.body.file_url).toBe('string');
    expect(response.body.file_name).toBe('dot.png');
    const served = await fetch(new URL(String(response.body.file_url), server.url));
    expect(served.status).toBe(200);
  });

  it('POST /chatmessage/upload-chat-voice/ multipart {audio, sender_id, receiver_id} → transcript, audio_url, file_name', async () => {
    const response = await ana.http.call(
      'POST',
      '/chatmessage/upload-chat-voice/',
      voiceForm(ana, bo),
    );
    expect(response.status).toBe(201);
    expect(typeof response.body.transcript).toBe('string');
    expect(String(response.body.transcript)).not.toBe('');
    expect(typeof response.body.audio_url).toBe('string');
    expect(response.body.file_name).toBe('voice.wav');

    // Spec §4: the message then goes over the socket with its transcript.
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({
      type: 'chat_message',
      message: '',
      sender_id: ana.id,
      receiver_id: bo.id,
      user_objects: [{ id: ana.id }, { id: bo.id }],
      file_url: null,
      file_type: 'audio',
      file_name: response.body.file_name,
      audio_url: response.body.audio_url,
      transcript: response.body.transcript,
    });
    const frame = await boSocket.next('chat_message', undefined, 15_000);
    expect(frame).toMatchObject({ file_type: 'audio', transcript: response.body.transcript });
    expect(typeof frame.audio_url).toBe('string');
  }, 30_000);

  it('over the Free plan’s voice translation a day: the error field voice_limit_reached, and subscription_required', async () => {
    // English speaker (the stand-in recogniser hears English), Spanish reader: a translation.
    const socket = await connect(cy);
    const first = await cy.http.call('POST', '/chatmessage/upload-chat-voice/', voiceForm(cy, ana));
    expect(first.status).toBe(201);
    expect(first.body.transcript).toBe('hello world');
    const second = await cy.http.call(
      'POST',
      '/chatmessage/upload-chat-voice/',
      voiceForm(cy, ana),
    );
    expect(second.body.voice_limit_reached).toBeTruthy();
    expect(await socket.next('subscription_required')).toMatchObject({
      type: 'subscription_required',
    });
  }, 30_000);
});

describe('spec §7 socket: chunk_init and voice_chunk', () => {
  it('chunk_init {from, mime_type, receiver_id, user_objects} then raw binary chunks → voice_chunk {original_blob}', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({
      type: 'chunk_init',
      from: ana.id,
      mime_type: 'audio/webm',
      receiver_id: bo.id,
      user_objects: [{ id: ana.id }, { id: bo.id }],
    });
    const chunk = Buffer.alloc(3000, 9);
    anaSocket.ws.send(chunk);
    const frame = await boSocket.next('voice_chunk');
    expect(frame.type).toBe('voice_chunk');
    expect(Buffer.from(String(frame.original_blob), 'base64')).toEqual(chunk);
  });
});
