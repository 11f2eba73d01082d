import {
  type ChatMessageFrame,
  MEDIA_PATHS,
  NO_TRANSCRIPT_MARKER,
  privateRoomName,
} from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { espeakAvailable, pocketsphinxAvailable } from './support/engines.js';
import {
  decodedSeconds,
  type FakeEngineOptions,
  fakeMediaEngines,
  ffmpegConvert,
  fliteWav,
  silentWav,
  upload,
  wordTranslator,
} from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Voice notes end to end on a real server (PGlite, loopback HTTP and sockets): upload, transcript,
// the chat message, and per reader the translated transcript and synthesized speech.

const open: ChatClient[] = [];
afterEach(async () => {
  const closing = open.splice(0);
  for (const client of closing) client.close();
  await Promise.all(closing.map((client) => client.closed));
});

async function connect(server: TestServer, user: ChatUser) {
  const client = await ChatClient.open(server, user);
  open.push(client);
  return client;
}

const sendVoice = (
  server: TestServer,
  from: ChatUser,
  to: ChatUser,
  bytes: Uint8Array,
  name = 'note.wav',
) =>
  upload(
    server,
    MEDIA_PATHS.uploadVoice,
    from.token,
    { sender_id: String(from.id), receiver_id: String(to.id) },
    { field: 'audio', bytes, name, type: 'audio/webm' },
  );

async function subscribe(server: TestServer, ...users: ChatUser[]) {
  await server.pglite.query('update users set subscription_active = true where id = any($1)', [
    users.map((u) => u.id),
  ]);
}

function fetchUrl(server: TestServer, url: string) {
  return fetch(`${server.url}${url}`);
}

/** Sends the voice note's chat_message and returns what the reader gets. */
async function deliver(
  server: TestServer,
  from: ChatUser,
  to: ChatUser,
  answer: Record<string, unknown>,
  clientId: string,
): Promise<{ sender: ChatMessageFrame; reader: ChatMessageFrame }> {
  const [fromSocket, toSocket] = [await connect(server, from), await connect(server, to)];
  fromSocket.send({
    type: 'chat_message',
    client_id: clientId,
    message: '',
    sender_id: from.id,
    receiver_id: to.id,
    file_type: 'audio',
    audio_url: answer.audio_url,
    file_name: answer.file_name,
    transcript: answer.transcript,
  });
  const match = (f: ChatMessageFrame) => f.client_id === clientId;
  return {
    reader: await toSocket.next('chat_message', match, 60_000),
    sender: await fromSocket.next('chat_message', match, 60_000),
  };
}

describe.skipIf(!(pocketsphinxAvailable() && espeakAvailable()))(
  'real engines: flite speech → PocketSphinx → translated → espeak-ng → Opus/WebM and AAC/MP4',
  () => {
    let server: TestServer;
    let ana: ChatUser; // English
    let eva: ChatUser; // Spanish
    let speech: Buffer;

    beforeAll(async () => {
      server = await startTestServer({ translator: wordTranslator });
      ana = await createChatUser(server, { language: 'English' });
      eva = await createChatUser(server, { language: 'Spanish' });
      await subscribe(server, ana);
      speech = await fliteWav('hello world. this is a test.');
    }, 120_000);
    afterAll(() => server?.close());

    it('a WAV spoken by flite is transcribed by PocketSphinx; the Spanish reader gets a translated transcript and decodable Spanish speech', async () => {
      const answer = await sendVoice(server, ana, eva, speech, 'hello.wav');
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.transcript_status).toBe('ok');
      expect(String(answer.body.transcript).toLowerCase()).toContain('hello');
      expect(answer.body.duration_ms).toBeGreaterThan(1000);
      const original = await fetchUrl(server, String(answer.body.audio_url));
      expect(original.status).toBe(200);
      await original.arrayBuffer(); // read, so the connection is not left mid-answer

      const { reader, sender } = await deliver(server, ana, eva, answer.body, 'voice-es');
      expect(sender).toMatchObject({
        synth_status: 'same_language',
        transcript: answer.body.transcript,
      });
      expect(reader.original_transcript).toBe(answer.body.transcript);
      expect(reader.transcript).toContain('hola');
      expect(reader.transcript_translated).toBe(true);
      expect(reader.synth_status).toBe('ok');
      expect(reader.audio_url?.split('?')[0]).toBe(String(answer.body.audio_url).split('?')[0]);
      for (const [url, type] of [
        [reader.synth_audio_url, 'audio/webm'],
        [reader.synth_audio_url_mp4, 'audio/mp4'],
      ] as const) {
        const response = await fetchUrl(server, String(url));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(type);
        const seconds = await decodedSeconds(Buffer.from(await response.arrayBuffer()));
        expect(seconds).toBeGreaterThan(0.3);
      }
      // A later history page carries the same rendition for the reader.
      const history = await server
        .client()
        .get<{ results: ChatMessageFrame[] }>(
          `/chatmessage/history/?room_name=${privateRoomName(ana.id, eva.id)}`,
          { token: eva.token },
        );
      expect(history.body.results.at(-1)).toMatchObject({
        synth_status: 'ok',
        transcript: reader.transcript,
      });
    }, 180_000);

    it('WebM/Opus, MP4/Opus and MP4/AAC recordings are decoded (16 kHz mono) and transcribed', async () => {
      const inputs = [
        ['webm', ['-c:a', 'libopus', '-b:a', '32k']],
        ['mp4', ['-c:a', 'libopus', '-b:a', '32k', '-strict', '-2']],
        ['m4a', ['-c:a', 'aac', '-b:a', '64k']],
      ] as const;
      for (const [ext, args] of inputs) {
        const bytes = await ffmpegConvert(speech, ext, [...args]);
        const answer = await sendVoice(server, ana, eva, bytes, `note.${ext}`);
        expect(answer.status, `${ext}: ${answer.text}`).toBe(201);
        expect(answer.body.duration_ms, ext).toBeGreaterThan(1000);
        expect(answer.body.transcript_status, ext).not.toBe('failed');
        expect(String(answer.body.transcript).toLowerCase(), ext).toContain('hello');
      }
    }, 240_000);

    it('a language no engine transcribes says so instead of inventing a transcript', async () => {
      const germanSpeaker = await createChatUser(server, { language: 'German' });
      await subscribe(server, germanSpeaker);
      const answer = await sendVoice(server, germanSpeaker, eva, speech);
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({
        transcript: NO_TRANSCRIPT_MARKER,
        transcript_status: 'unavailable',
      });
    }, 120_000);
  },
);

describe('voice notes: limits and failures (engines stood in)', () => {
  let server: TestServer;
  let engines: FakeEngineOptions;
  let ana: ChatUser; // English, Free plan
  let ben: ChatUser; // English
  let eva: ChatUser; // Spanish

  beforeAll(async () => {
    engines = {};
    const media = fakeMediaEngines();
    // The stand-in reads `engines` on each call, so a test can break one.
    const live = {
      ...media,
      transcriber: Object.assign(
        Object.create(Object.getPrototypeOf(media.transcriber)),
        media.transcriber,
        {
          transcribe: (wav: Uint8Array, language: string) =>
            fakeMediaEngines(engines).transcriber.transcribe(wav, language),
        },
      ),
      synthesizer: Object.assign(
        Object.create(Object.getPrototypeOf(media.synthesizer)),
        media.synthesizer,
        {
          synthesize: (text: string, language: string) =>
            fakeMediaEngines(engines).synthesizer.synthesize(text, language),
        },
      ),
    };
    server = await startTestServer({ translator: wordTranslator, mediaEngines: live });
    ana = await createChatUser(server, { language: 'English' });
    ben = await createChatUser(server, { language: 'English' });
    eva = await createChatUser(server, { language: 'Spanish' });
  });
  afterAll(() => server?.close());

  it('Free plan: one voice translation a day, then voice_limit_reached and subscription_required; same-language notes never count', async () => {
    const socket = await connect(server, ana);
    const same = await sendVoice(server, ana, ben, silentWav());
    expect(same.status, same.text).toBe(201);
    const first = await sendVoice(server, ana, eva, silentWav());
    expect(first.status, first.text).toBe(201);
    const second = await sendVoice(server, ana, eva, silentWav());
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ voice_limit_reached: true, error: 'voice_limit_reached' });
    expect(await socket.next('subscription_required')).toMatchObject({
      type: 'subscription_required',
    });
    // Still free with the same-language reader, and unlimited once subscribed.
    expect((await sendVoice(server, ana, ben, silentWav())).status).toBe(201);
    await subscribe(server, ana);
    expect((await sendVoice(server, ana, eva, silentWav())).status).toBe(201);
  });

  it('a failing recogniser: the note is kept with the original audio and a clear no-transcript marker', async () => {
    engines.transcript = new Error('recogniser crashed');
    try {
      const answer = await sendVoice(server, ana, eva, silentWav());
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({
        transcript: NO_TRANSCRIPT_MARKER,
        transcript_status: 'failed',
      });
      const { reader } = await deliver(server, ana, eva, answer.body, 'stt-failed');
      expect(reader).toMatchObject({
        transcript: NO_TRANSCRIPT_MARKER,
        transcript_status: 'failed',
        synth_status: 'unavailable',
      });
      expect(reader.synth_audio_url).toBeNull();
      expect((await fetchUrl(server, String(reader.audio_url))).status).toBe(200);
    } finally {
      engines.transcript = undefined;
    }
  });

  it('a failing voice: the reader gets the translated transcript and the original audio, marked failed', async () => {
    engines.synthesis = new Error('voice crashed');
    try {
      const answer = await sendVoice(server, ana, eva, silentWav());
      const { reader } = await deliver(server, ana, eva, answer.body, 'tts-failed');
      expect(reader).toMatchObject({
        transcript: 'hola mundo',
        transcript_translated: true,
        synth_status: 'failed',
      });
      expect(reader.synth_audio_url).toBeNull();
      expect((await fetchUrl(server, String(reader.audio_url))).status).toBe(200);
    } finally {
      engines.synthesis = undefined;
    }
  });

  it('voice output: speech of a text message in the reader’s language, members only', async () => {
    await subscribe(server, ana);
    const [anaSocket, evaSocket] = [await connect(server, ana), await connect(server, eva)];
    anaSocket.send({
      type: 'chat_message',
      client_id: 'speak-me',
      message: 'hello world',
      sender_id: ana.id,
      receiver_id: eva.id,
    });
    const frame = await evaSocket.next('chat_message', (f) => f.client_id === 'speak-me');
    const asEva = await server
      .client()
      .get<Record<string, unknown>>(`${MEDIA_PATHS.speech}?message_id=${frame.id}`, {
        token: eva.token,
      });
    expect(asEva.status, asEva.text).toBe(200);
    expect(asEva.body).toMatchObject({ language: 'es', text: 'hola mundo', synth_status: 'ok' });
    expect((await fetchUrl(server, String(asEva.body.synth_audio_url))).status).toBe(200);
    const asBen = await server
      .client()
      .get(`${MEDIA_PATHS.speech}?message_id=${frame.id}`, { token: ben.token });
    expect(asBen.status).toBe(404);
  });

  it('refuses what is not audio, empty files and another user’s note in a message', async () => {
    const notAudio = await sendVoice(server, ana, eva, Buffer.from('%PDF-1.4 not audio'));
    expect(notAudio.status).toBe(400);
    expect((await sendVoice(server, ana, eva, Buffer.alloc(0))).status).toBe(400);
    const evas = await sendVoice(server, eva, ana, silentWav());
    const socket = await connect(server, ana);
    socket.send({
      type: 'chat_message',
      client_id: 'steal',
      message: '',
      sender_id: ana.id,
      receiver_id: eva.id,
      audio_url: evas.body.audio_url,
    });
    expect(await socket.next('error', (f) => f.client_id === 'steal')).toMatchObject({
      code: 'invalid_frame',
    });
  });
});
