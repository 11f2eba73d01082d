import { type Capabilities, MEDIA_LIMITS } from '@parley/chat-sdk';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { mediaEnginesFromEnv } from '../src/media/speech/speechFromEnv.js';
import { capabilitiesRoutes } from '../src/meta/capabilitiesRoutes.js';
import type { LanguageDetector } from '../src/translation/languageDetector.js';
import { NoneTranslator } from '../src/translation/noneTranslator.js';
import type { Translator } from '../src/translation/translator.js';

const detector: LanguageDetector = {
  engine: 'eld',
  languages: async () => ['en', 'es'],
  detect: async () => null,
};

async function capabilitiesOf(translator: Translator) {
  const app = Fastify();
  await app.register(capabilitiesRoutes, { translator, detector });
  try {
    const response = await app.inject({ method: 'GET', url: '/meta/capabilities' });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  } finally {
    await app.close();
  }
}

describe('GET /meta/capabilities', () => {
  it('reports translation pairs (with pivots), detection, and no transcription or synthesis yet', async () => {
    const translator: Translator = {
      engine: 'apertium',
      capabilities: async () => ({
        pairs: [
          { from: 'en', to: 'es' },
          { from: 'fr', to: 'en', via: ['es'] },
        ],
      }),
      translate: async () => ({ text: '', engine: 'apertium' }),
      close: async () => undefined,
    };
    const { status, headers, body } = await capabilitiesOf(translator);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=60');
    expect(body).toEqual({
      translation: {
        engine: 'apertium',
        pairs: [
          { from: 'en', to: 'es' },
          { from: 'fr', to: 'en', via: ['es'] },
        ],
      },
      detection: { engine: 'eld', languages: ['en', 'es'] },
      transcription: { engine: 'none', languages: [] },
      synthesis: { engine: 'none', languages: [] },
      media: { decoder: 'none', synthesized_formats: [], limits: MEDIA_LIMITS },
      // Calls are on by default; this route was given no caption engine.
      calls: { enabled: true, caption_languages: [] },
      // Payments default to the test checkout when the route is not told otherwise (issue 22).
      payments: { mode: 'test' },
    } satisfies Capabilities);
  });

  it('lists the languages the media engines transcribe and speak', async () => {
    const app = Fastify();
    const media = mediaEnginesFromEnv({
      PATH: '',
      MEDIA_DECODER: 'ffmpeg',
      TRANSCRIBER: 'openai,pocketsphinx',
      TRANSCRIPTION_URL: 'http://127.0.0.1:9',
      TRANSCRIPTION_LANGUAGES: 'de,fr',
      SYNTHESIZER: 'flite,espeak-ng',
    });
    await app.register(capabilitiesRoutes, { translator: new NoneTranslator(), detector, media });
    const body = (await app.inject({ method: 'GET', url: '/meta/capabilities' })).json();
    await app.close();
    expect(body.transcription).toEqual({
      engine: 'openai+pocketsphinx',
      languages: ['de', 'en', 'fr'],
    });
    expect(body.synthesis.engine).toBe('flite+espeak-ng');
    expect(body.synthesis.languages).toEqual(
      expect.arrayContaining(['en', 'es', 'de', 'ja', 'hi']),
    );
    // Languages with no voice in the table are not claimed.
    expect(body.synthesis.languages).not.toContain('yo');
    expect(body.media).toMatchObject({
      decoder: 'ffmpeg',
      synthesized_formats: ['audio/webm', 'audio/mp4'],
    });
  });

  it('needs no token and says none when nothing translates', async () => {
    const { status, body } = await capabilitiesOf(new NoneTranslator());
    expect(status).toBe(200);
    expect(body.translation).toEqual({ engine: 'none', pairs: [] });
  });

  it('still answers when the engine cannot list its pairs', async () => {
    const failing: Translator = {
      ...new NoneTranslator(),
      engine: 'libretranslate',
      capabilities: () => Promise.reject(new Error('down')),
      translate: () => Promise.reject(new Error('down')),
      close: async () => undefined,
    };
    const { status, body } = await capabilitiesOf(failing);
    expect(status).toBe(200);
    expect(body.translation).toEqual({ engine: 'libretranslate', pairs: [] });
  });
});
