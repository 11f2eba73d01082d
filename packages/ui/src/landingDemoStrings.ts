// Kept apart from accountStrings.ts so only the landing page downloads the demo's conversation.
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** The landing page's live demo (issue 25): one conversation between an English and a Spanish speaker. */
export const LANDING_DEMO_SOURCE = {
  heading: 'See it translate',
  intro: 'Emma writes in English, Mateo in Spanish. Each reads the other in their own language.',
  /** Stops and restarts the demo (a toggle button: pressed while paused). */
  pause: 'Pause demo',
  /** Above each side of the demo: whose screen it is and the language they read. */
  paneLabel: icu('{name} reads {language}', (name: string, language: string) => ({
    name,
    language,
  })),
  /** The static text alternative of the moving demo, one line per message. */
  transcriptHeading: 'The conversation, as each of them reads it',
  transcriptLine: icu(
    '{sender} writes: “{original}” {reader} reads: “{translation}”',
    (sender: string, original: string, reader: string, translation: string) => ({
      sender,
      original,
      reader,
      translation,
    }),
  ),
  /** `language` is the language the pane's messages are in: the code reads it from this source. */
  people: {
    english: { name: 'Emma', language: 'en', languageName: 'English' },
    spanish: { name: 'Mateo', language: 'es', languageName: 'Spanish' },
  },
} as const;

export const LANDING_DEMO_STRINGS = localize('ui.landingDemo', LANDING_DEMO_SOURCE, uiCatalog());

/**
 * Who writes, what they write, and what the other one reads: the demo's chat content in English and
 * Spanish whatever the interface speaks (it shows translation at work), so not in the catalog.
 */
export const LANDING_DEMO_CONVERSATION = [
  {
    from: 'english',
    original: 'Hi Mateo! Are we still on for dinner on Friday?',
    translation: '¡Hola Mateo! ¿Seguimos con la cena del viernes?',
  },
  {
    from: 'spanish',
    original: '¡Claro! Reservé una mesa junto al puerto a las ocho.',
    translation: 'Of course! I booked a table by the harbour at eight.',
  },
  {
    from: 'english',
    original: 'Perfect. Can I bring my sister? She just arrived from London.',
    translation: 'Perfecto. ¿Puedo llevar a mi hermana? Acaba de llegar de Londres.',
  },
  {
    from: 'spanish',
    original: '¡Por supuesto! Tengo muchas ganas de conocerla.',
    translation: 'Of course! I can’t wait to meet her.',
  },
] as const;
