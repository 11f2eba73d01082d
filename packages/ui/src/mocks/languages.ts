import { type Capabilities, planTranslationRoutes } from '@parley/chat-sdk';

const both = (a: string, b: string) => [
  { from: a, to: b },
  { from: b, to: a },
];

/**
 * GET /meta/capabilities of a server like ours with every Debian Apertium pair: routes through
 * the same rule the server uses (pivots with their `via`), one-way pairs (Romanian, Icelandic
 * into other languages only), and speech for a few languages.
 */
export const mockLanguageCapabilities: Capabilities = {
  translation: {
    engine: 'apertium',
    pairs: planTranslationRoutes([
      ...both('en', 'es'),
      ...both('en', 'ca'),
      ...both('es', 'ca'),
      ...both('es', 'fr'),
      ...both('es', 'it'),
      ...both('es', 'pt'),
      ...both('ca', 'it'),
      ...both('fr', 'ca'),
      ...both('en', 'sr'),
      ...both('en', 'hr'),
      ...both('ru', 'uk'),
      ...both('da', 'no'),
      ...both('sv', 'da'),
      ...both('af', 'nl'),
      { from: 'ro', to: 'es' },
      { from: 'is', to: 'en' },
    ]),
  },
  detection: { engine: 'eld', languages: ['en', 'es', 'fr', 'it', 'pt', 'ca', 'ru', 'uk'] },
  transcription: { engine: 'pocketsphinx', languages: ['en'] },
  synthesis: { engine: 'espeak-ng', languages: ['en', 'es', 'fr', 'it', 'pt'] },
};
