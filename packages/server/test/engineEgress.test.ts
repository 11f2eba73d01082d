import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEDIA_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CorrectorUnavailableError,
  correctorFromEnv,
  LanguageToolCorrector,
} from '../src/corrections/index.js';
import { EgressGuard, EgressRefused } from '../src/http/egressGuard.js';
import { CORRECTION_ENDPOINT_SETTINGS, engineEgressFromEnv } from '../src/http/engineEgress.js';
import { OpenAiSynthesizer, OpenAiTranscriber } from '../src/media/speech/openAiEngines.js';
import { mediaEnginesFromEnv } from '../src/media/speech/speechFromEnv.js';
import { ChatClient, createChatUser } from './support/chatClients.js';
import { ffmpegAvailable } from './support/engines.js';
import { silentWav, upload } from './support/media.js';
import { startTestServer } from './support/testServer.js';

/**
 * LanguageTool and the OpenAI-compatible voice services connect through the egress guard, as the
 * translation engines do (translationEngineEgress.test.ts): an endpoint on loopback is refused
 * when the socket connects (nothing reaches it) and the feature fails as it does for an engine
 * that is down, unless the operator lists the host in ENGINE_PRIVATE_HOSTS.
 */

/** An engine stand-in on 127.0.0.1 that counts every request and answers as each engine would. */
let standIn: Server;
let standInUrl: string;
let arrived = 0;

beforeAll(async () => {
  standIn = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrived++;
      if (request.url === '/v2/check') {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ matches: [{ message: 'Spelling', offset: 0, length: 3 }] }));
      } else if (request.url === '/v1/audio/transcriptions') {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ text: 'hallo welt' }));
      } else if (request.url === '/v1/audio/speech') {
        response.setHeader('Content-Type', 'audio/wav');
        response.end(silentWav(300));
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});

afterAll(async () => {
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});

describe('LanguageTool through the egress guard', () => {
  it('is refused on loopback without the opt-in: the fallback answers, or 503 without one', async () => {
    arrived = 0;
    const guard = new EgressGuard();
    const fromEnv = correctorFromEnv(
      { CORRECTOR: 'languagetool', LANGUAGETOOL_URL: standInUrl },
      undefined,
      guard,
    );
    // As for a LanguageTool that is down: the offline dictionaries answer for their languages.
    expect(await fromEnv.check('teh', 'en')).toEqual([
      expect.objectContaining({ word: 'teh', replacements: expect.arrayContaining(['the']) }),
    ]);
    const alone = new LanguageToolCorrector({
      baseUrl: standInUrl,
      egress: engineEgressFromEnv({}, guard, CORRECTION_ENDPOINT_SETTINGS),
    });
    await expect(alone.check('teh', 'en')).rejects.toBeInstanceOf(CorrectorUnavailableError);
    await expect(alone.check('teh', 'en')).rejects.toMatchObject({
      cause: expect.any(EgressRefused),
    });

    const server = await startTestServer({ corrector: alone });
    try {
      const user = await createChatUser(server, { language: 'English' });
      const response = await server
        .client()
        .post('/corrections/check/', { text: 'teh', language: 'English' }, { token: user.token });
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ detail: expect.any(String) });
    } finally {
      await server.close();
      await fromEnv.close();
      guard.close();
    }
    expect(arrived).toBe(0);
  }, 60_000);

  it('reaches its stand-in on 127.0.0.1 when ENGINE_PRIVATE_HOSTS lists the host', async () => {
    arrived = 0;
    const warnings: object[] = [];
    const env = { CORRECTOR: 'languagetool', LANGUAGETOOL_URL: standInUrl };
    const log = { warn: (details: object) => warnings.push(details) };
    const listed = correctorFromEnv({ ...env, ENGINE_PRIVATE_HOSTS: '127.0.0.1' }, log);
    // The older name is read too.
    const older = correctorFromEnv({ ...env, TRANSLATION_PRIVATE_HOSTS: '127.0.0.1' }, log);
    try {
      for (const corrector of [listed, older]) {
        expect(await corrector.check('Hey there', 'en')).toEqual([
          expect.objectContaining({ word: 'Hey', message: 'Spelling' }),
        ]);
      }
      expect(arrived).toBe(2);
      expect(warnings).toEqual([]);
      // Unlisted, the operator is told at start.
      await correctorFromEnv(env, log).close();
      expect(warnings).toEqual([{ setting: 'LANGUAGETOOL_URL', host: '127.0.0.1' }]);
    } finally {
      await listed.close();
      await older.close();
    }
  });
});

describe('voice services through the egress guard', () => {
  const options = { model: 'm', languages: ['de'] };

  it('are refused on loopback without the opt-in, and reached with it', async () => {
    arrived = 0;
    const guard = new EgressGuard();
    const refused = { ...options, baseUrl: standInUrl, egress: guard };
    await expect(
      new OpenAiTranscriber(refused).transcribe(silentWav(200), 'de'),
    ).rejects.toBeInstanceOf(EgressRefused);
    await expect(new OpenAiSynthesizer(refused).synthesize('hallo')).rejects.toBeInstanceOf(
      EgressRefused,
    );
    expect(arrived).toBe(0);

    const listed = { ...options, baseUrl: standInUrl, egress: guard.forEngines(['127.0.0.1']) };
    expect(await new OpenAiTranscriber(listed).transcribe(silentWav(200), 'de')).toBe('hallo welt');
    expect((await new OpenAiSynthesizer(listed).synthesize('hallo')).length).toBeGreaterThan(44);
    expect(arrived).toBe(2);
    listed.egress.close();
    guard.close();
  });

  it.skipIf(!ffmpegAvailable())(
    'refused voice services: a voice note with transcript_status failed, speech synth_status failed, never a crash',
    async () => {
      arrived = 0;
      const guard = new EgressGuard();
      const mediaEngines = mediaEnginesFromEnv(
        {
          PATH: process.env.PATH,
          TRANSCRIBER: 'openai',
          TRANSCRIPTION_URL: standInUrl,
          TRANSCRIPTION_LANGUAGES: 'de',
          SYNTHESIZER: 'openai',
          SPEECH_URL: standInUrl,
          SPEECH_LANGUAGES: 'de',
        },
        guard,
      );
      const server = await startTestServer({ mediaEngines });
      try {
        const hans = await createChatUser(server, { language: 'German' });
        const eva = await createChatUser(server, { language: 'German' });
        const answer = await upload(
          server,
          MEDIA_PATHS.uploadVoice,
          hans.token,
          { sender_id: String(hans.id), receiver_id: String(eva.id) },
          { field: 'audio', bytes: silentWav(800), name: 'n.wav' },
        );
        expect(answer.status, answer.text).toBe(201);
        expect(answer.body).toMatchObject({ transcript_status: 'failed' });

        const [hansSocket, evaSocket] = [
          await ChatClient.open(server, hans),
          await ChatClient.open(server, eva),
        ];
        try {
          hansSocket.send({
            type: 'chat_message',
            client_id: 'speak-me',
            message: 'hallo welt',
            sender_id: hans.id,
            receiver_id: eva.id,
          });
          const frame = await evaSocket.next('chat_message', (f) => f.client_id === 'speak-me');
          const speech = await server
            .client()
            .get(`${MEDIA_PATHS.speech}?message_id=${frame.id}`, { token: eva.token });
          expect(speech.status, speech.text).toBe(200);
          expect(speech.body).toMatchObject({ synth_status: 'failed', synth_audio_url: null });
        } finally {
          hansSocket.close();
          evaSocket.close();
        }
        expect(arrived).toBe(0);
      } finally {
        await server.close();
        guard.close();
      }
    },
    60_000,
  );
});
