import { type Capabilities, META_PATHS } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import { type CallSettings, DEFAULT_CALL_SETTINGS } from '../calls/callSettings.js';
import { type CallTranscriber, noCallTranscriber } from '../calls/callTranscriber.js';
import type { LanguageDetector } from '../translation/languageDetector.js';
import type { Translator } from '../translation/translator.js';

export interface CapabilitiesRoutesOptions {
  translator: Translator;
  detector: LanguageDetector;
  /** Default: calls on (the product's default), no caption engine. */
  calls?: CallSettings;
  callTranscriber?: CallTranscriber;
}

/**
 * Public (no token): it describes the server, not a user, and the ui needs it before sign-in
 * too. Translation lists every pair the engine's routes reach, pivoted ones with their `via`
 * chain. Transcription and synthesis have no engine yet and say so.
 */
export const capabilitiesRoutes: FastifyPluginAsync<CapabilitiesRoutesOptions> = async (
  app,
  { translator, detector, calls = DEFAULT_CALL_SETTINGS, callTranscriber = noCallTranscriber },
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
      transcription: { engine: 'none', languages: [] },
      synthesis: { engine: 'none', languages: [] },
      calls: {
        enabled: calls.enabled,
        caption_languages: calls.enabled ? callTranscriber.languages() : [],
      },
    };
  });
};
