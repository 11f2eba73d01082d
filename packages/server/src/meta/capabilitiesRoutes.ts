import { type Capabilities, MEDIA_LIMITS, META_PATHS } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentsMode } from '../billing/paymentsFromEnv.js';
import { type CallSettings, DEFAULT_CALL_SETTINGS } from '../calls/callSettings.js';
import { type CallTranscriber, noCallTranscriber } from '../calls/callTranscriber.js';
import type { Corrector } from '../corrections/corrector.js';
import type { MediaEngines } from '../media/speech/speechFromEnv.js';
import type { LanguageDetector } from '../translation/languageDetector.js';
import type { Translator } from '../translation/translator.js';

export interface CapabilitiesRoutesOptions {
  translator: Translator;
  detector: LanguageDetector;
  /** Speech engines; absent: transcription and synthesis say `none`. */
  media?: MediaEngines;
  /** Default: calls on (the product's default), no caption engine. */
  calls?: CallSettings;
  callTranscriber?: CallTranscriber;
  /** How plans are paid for here (Parley extension); default test mode. */
  payments?: PaymentsMode;
  /** Spelling corrections (Parley extension): absent, the answer has no `corrections`. */
  corrector?: Corrector;
}

/**
 * Public (no token): it describes the server, not a user, and the ui needs it before sign-in
 * too. Translation lists every pair the engine's routes reach, pivoted ones with their `via`
 * chain. Transcription and synthesis list the languages their engines serve.
 */
export const capabilitiesRoutes: FastifyPluginAsync<CapabilitiesRoutesOptions> = async (
  app,
  {
    translator,
    detector,
    media,
    calls = DEFAULT_CALL_SETTINGS,
    callTranscriber = noCallTranscriber,
    payments = 'test',
    corrector,
  },
) => {
  // GET /meta/capabilities: what this server can do with languages, so the ui stays honest.
  app.get(META_PATHS.capabilities, async (_request, reply): Promise<Capabilities> => {
    const [translation, detectable] = await Promise.all([
      translator.capabilities().catch(() => ({ pairs: [] })),
      detector.languages().catch(() => []),
    ]);
    reply.header('Cache-Control', 'public, max-age=60');
    return {
      translation: { engine: translator.engine, pairs: translation.pairs },
      detection: { engine: detector.engine, languages: detectable },
      transcription: media
        ? { engine: media.transcriber.engine, languages: media.transcriber.languages() }
        : { engine: 'none', languages: [] },
      synthesis: media
        ? { engine: media.synthesizer.engine, languages: media.synthesizer.languages() }
        : { engine: 'none', languages: [] },
      media: {
        decoder: media?.codec.engine ?? 'none',
        synthesized_formats: media?.codec.engine === 'ffmpeg' ? ['audio/webm', 'audio/mp4'] : [],
        limits: MEDIA_LIMITS,
      },
      calls: {
        enabled: calls.enabled,
        caption_languages: calls.enabled ? callTranscriber.languages() : [],
      },
      payments: { mode: payments },
      ...(corrector
        ? { corrections: { engine: corrector.engine, languages: corrector.languages() } }
        : {}),
    };
  });
};
