import type { FastifyPluginAsync } from 'fastify';
import type { LanguageDetector } from '../translation/languageDetector.js';
import type { TranslationPair, Translator } from '../translation/translator.js';

/** GET /meta/capabilities: what this server can do with languages, so the ui stays honest. */
export interface MetaCapabilities {
  translation: { engine: string; pairs: TranslationPair[] };
  detection: { engine: string; languages: string[] };
  transcription: { engine: string; languages: string[] };
  synthesis: { engine: string; languages: string[] };
}

export interface CapabilitiesRoutesOptions {
  translator: Translator;
  detector: LanguageDetector;
}

/**
 * Public (no token): it describes the server, not a user, and the ui needs it before sign-in
 * too. Transcription and synthesis have no engine yet and say so.
 */
export const capabilitiesRoutes: FastifyPluginAsync<CapabilitiesRoutesOptions> = async (
  app,
  { translator, detector },
) => {
  app.get('/meta/capabilities', async (_request, reply): Promise<MetaCapabilities> => {
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
    };
  });
};
