import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEDIA_LIMITS, MEDIA_PATHS, privateRoomName, SOCKET_LIMITS } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mediaEnginesFromEnv } from '../src/media/speech/speechFromEnv.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { ffmpegAvailable } from './support/engines.js';
import {
  decodedSeconds,
  fakeMediaEngines,
  silentWav,
  upload,
  wordTranslator,
} from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Live voice over real sockets: chunk_init, binary chunks relayed as voice_chunk within the room,
// limits, and the translated rendition when the stream ends.

const open: ChatClient[] = [];
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

describe('live voice chunks', () => {
  let server: TestServer;
  let ana: ChatUser; // English, subscriber
  let eva: ChatUser; // Spanish
  let eve: ChatUser; // outsider

  beforeAll(async () => {
    server = await startTestServer({
      translator: wordTranslator,
      mediaEngines: fakeMediaEngines(),
    });
    ana = await createChatUser(server, { language: 'English' });
    eva = await createChatUser(server, { language: 'Spanish' });
    eve = await createChatUser(server, { language: 'Spanish' });
    await server.pglite.query('update users set subscription_active = true where id = $1', [
      ana.id,
    ]);
  });
  afterAll(() => server?.close());

  async function connect(user: ChatUser) {
    const client = await ChatClient.open(server, user);
    open.push(client);
    return client;
  }

  const chunk = (fill: number, size = 4000) => Buffer.alloc(size, fill);

  it('relays chunks in order as voice_chunk {original_blob} to the room’s other members only; chunk_end brings synth_audio_url', async () => {
    const [anaSocket, evaSocket, eveSocket] = [
      await connect(ana),
      await connect(eva),
      await connect(eve),
    ];
    anaSocket.send({
      type: 'chunk_init',
      from: ana.id,
      mime_type: 'audio/webm;codecs=opus',
      receiver_id: eva.id,
      user_objects: [{ id: ana.id }, { id: eva.id }],
    });
    anaSocket.ws.send(chunk(1));
    anaSocket.ws.send(chunk(2));
    const first = await evaSocket.next('voice_chunk', (f) => f.seq === 0);
    const second = await evaSocket.next('voice_chunk', (f) => f.seq === 1);
    // `language` (the speaker's, Parley extension) lets a reader of it play the original live.
    expect(first).toMatchObject({
      from: ana.id,
      mime_type: 'audio/webm;codecs=opus',
      room_name: privateRoomName(ana.id, eva.id),
      language: 'en',
    });
    expect(Buffer.from(String(first.original_blob), 'base64')).toEqual(chunk(1));
    expect(Buffer.from(String(second.original_blob), 'base64')).toEqual(chunk(2));
    anaSocket.send({ type: 'chunk_end' });
    const synth = await evaSocket.next('voice_chunk', (f) => Boolean(f.synth_audio_url), 10_000);
    expect(synth).toMatchObject({
      from: ana.id,
      transcript: 'hola mundo',
      original_transcript: 'hello world',
    });
    expect((await fetch(`${server.url}${synth.synth_audio_url}`)).status).toBe(200);
    expect(await eveSocket.unclaimed('voice_chunk')).toEqual([]);
    expect(await anaSocket.unclaimed('voice_chunk')).toEqual([]);
  });

  it('refuses chunks without a stream, under 3000 bytes, for a room the sender is not in, and bad chunk_init', async () => {
    const anaSocket = await connect(ana);
    anaSocket.ws.send(chunk(1));
    expect(await anaSocket.next('error')).toMatchObject({ code: 'no_voice_stream' });
    anaSocket.send({
      type: 'chunk_init',
      from: ana.id,
      mime_type: 'audio/webm',
      receiver_id: eva.id,
    });
    anaSocket.ws.send(chunk(1, MEDIA_LIMITS.minVoiceChunkBytes - 1));
    expect(await anaSocket.next('error')).toMatchObject({ code: 'voice_chunk_too_small' });
    anaSocket.send({
      type: 'chunk_init',
      from: ana.id,
      mime_type: 'audio/webm',
      room_name: 'someone-elses-group',
    });
    expect(await anaSocket.next('error')).toMatchObject({ code: 'not_a_member' });
    anaSocket.send({
      type: 'chunk_init',
      from: eva.id,
      mime_type: 'audio/webm',
      receiver_id: eva.id,
    });
    expect(await anaSocket.next('error')).toMatchObject({ code: 'invalid_frame' });
    anaSocket.send({
      type: 'chunk_init',
      from: ana.id,
      mime_type: 'text/html',
      receiver_id: eva.id,
    });
    expect(await anaSocket.next('error')).toMatchObject({ code: 'invalid_frame' });
    await anaSocket.ping();
  });

  it('rate-limits a burst of chunks and survives an oversized frame (closed with 1009, server alive)', async () => {
    const anaSocket = await connect(ana);
    anaSocket.send({
      type: 'chunk_init',
      from: ana.id,
      mime_type: 'audio/webm',
      receiver_id: eva.id,
    });
    for (let i = 0; i < MEDIA_LIMITS.voiceChunkBurst + 6; i += 1) anaSocket.ws.send(chunk(3));
    expect(await anaSocket.next('error', (f) => f.code === 'rate_limited')).toBeDefined();
    await anaSocket.ping();
    anaSocket.ws.send(Buffer.alloc(SOCKET_LIMITS.maxFrameBytes + 1));
    expect((await anaSocket.closed).code).toBe(1009);
    const again = await connect(ana);
    await again.ping();
  });
});

describe.skipIf(!ffmpegAvailable())(
  'OpenAI-compatible adapters against a stand-in on 127.0.0.1',
  () => {
    let standIn: Server;
    let server: TestServer;
    const seen: { path: string; auth?: string; body: string }[] = [];

    beforeAll(async () => {
      standIn = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c));
        request.on('end', () => {
          const body = Buffer.concat(chunks).toString('latin1');
          seen.push({ path: String(request.url), auth: request.headers.authorization, body });
          if (request.url === '/v1/audio/transcriptions') {
            response.setHeader('Content-Type', 'application/json');
            response.end(JSON.stringify({ text: 'guten tag welt' }));
          } else if (request.url === '/v1/audio/speech') {
            response.setHeader('Content-Type', 'audio/wav');
            response.end(silentWav(600));
          } else {
            response.statusCode = 404;
            response.end();
          }
        });
      });
      await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
      const mediaEngines = mediaEnginesFromEnv({
        PATH: process.env.PATH,
        TRANSCRIBER: 'openai',
        TRANSCRIPTION_URL: base,
        TRANSCRIPTION_API_KEY: 'stt-key',
        TRANSCRIPTION_LANGUAGES: 'de',
        SYNTHESIZER: 'openai',
        SPEECH_URL: `${base}/v1`,
        SPEECH_LANGUAGES: 'es,de',
        // The operator's own whisper/speech server on loopback: listed, so the guard lets it through.
        ENGINE_PRIVATE_HOSTS: '127.0.0.1',
      });
      const translator = {
        ...wordTranslator,
        capabilities: async () => ({ pairs: [{ from: 'de', to: 'es' }] }),
        translate: async (text: string) => ({ text: `es:${text}`, engine: 'stub' }),
      };
      server = await startTestServer({ translator, mediaEngines });
    });
    afterAll(async () => {
      await server?.close();
      await new Promise((resolve) => standIn?.close(resolve));
    });

    it('transcribes through /v1/audio/transcriptions and speaks through /v1/audio/speech', async () => {
      const hans = await createChatUser(server, { language: 'German' });
      const eva = await createChatUser(server, { language: 'Spanish' });
      await server.pglite.query('update users set subscription_active = true where id = $1', [
        hans.id,
      ]);
      const answer = await upload(
        server,
        MEDIA_PATHS.uploadVoice,
        hans.token,
        { sender_id: String(hans.id), receiver_id: String(eva.id) },
        { field: 'audio', bytes: silentWav(800), name: 'n.wav' },
      );
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({
        transcript: 'guten tag welt',
        transcript_status: 'ok',
        transcript_language: 'de',
      });
      const stt = seen.find((s) => s.path === '/v1/audio/transcriptions');
      expect(stt?.auth).toBe('Bearer stt-key');
      expect(stt?.body).toContain('name="language"\r\n\r\nde');
      expect(stt?.body).toContain('RIFF');

      const [hansSocket, evaSocket] = [
        await ChatClient.open(server, hans),
        await ChatClient.open(server, eva),
      ];
      open.push(hansSocket, evaSocket);
      hansSocket.send({
        type: 'chat_message',
        client_id: 'de-es',
        message: '',
        sender_id: hans.id,
        receiver_id: eva.id,
        audio_url: answer.body.audio_url,
        transcript: answer.body.transcript,
      });
      const reader = await evaSocket.next('chat_message', (f) => f.client_id === 'de-es', 30_000);
      expect(reader).toMatchObject({ transcript: 'es:guten tag welt', synth_status: 'ok' });
      const tts = seen.find((s) => s.path === '/v1/audio/speech');
      expect(JSON.parse(String(tts?.body))).toMatchObject({
        input: 'es:guten tag welt',
        response_format: 'wav',
      });
      const audio = await fetch(`${server.url}${reader.synth_audio_url}`);
      expect(await decodedSeconds(Buffer.from(await audio.arrayBuffer()))).toBeGreaterThan(0.4);
    }, 60_000);
  },
);

describe('engine limiter', () => {
  it('runs at most its limit at once and the rest in order', async () => {
    const { EngineLimiter } = await import('../src/media/speech/engines.js');
    const limiter = new EngineLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const jobs = [0, 1, 2, 3, 4].map((n) =>
      limiter.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        order.push(n);
        return n;
      }),
    );
    while (order.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});
