// Kept apart from strings.ts (like messageActionStrings.ts) so the trust slice of issue 26 adds
// lines to no shared catalog.
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of translation you can trust (issue 26): who translated, unknown words, reports. */
export const TRANSLATION_TRUST_SOURCE = {
  /** The note under a translated message, naming the engine: 'Translated by Apertium'. */
  translatedBy: icu('Translated by {engine}', (engine: string) => ({ engine })),
  /** The same when the source language is known: 'Translated from English by Apertium'. */
  translatedFromBy: icu(
    'Translated from {language} by {engine}',
    (language: string, engine: string) => ({ language, engine }),
  ),
  /** A word the engine did not know and left as written (tooltip and accessible description). */
  notTranslatedWord: 'Not translated',
  /** The message action on a translation I was given. */
  reportTranslation: 'Report translation',
  /** Said (role=status) once the report is stored. */
  reported: 'Thanks — reported.',
  reportFailed: 'Could not send the report. Try again later.',
  /** The message action that opens the suggestion form. */
  suggestTranslation: 'Suggest a better translation',
  /** The form's label: which language the member writes the better translation in. */
  suggestInto: icu('Your better {language} translation', (language: string) => ({ language })),
  /** Said under the form: who will see it. */
  suggestHint: icu(
    'Everyone who reads {language} in this chat will see it, with your name.',
    (language: string) => ({ language }),
  ),
  saveSuggestion: 'Save suggestion',
  cancelSuggestion: 'Cancel',
  suggestionSaved: 'Thanks — your translation is shown to readers.',
  suggestionFailed: 'Could not save your translation. Try again later.',
  /** Over a member's better translation. */
  correctedBy: icu('Corrected by {name}', (name: string) => ({ name })),
  showMachine: 'Show machine translation',
  hideMachine: 'Hide machine translation',
  machineLabel: 'Machine translation',
  /** Under my own message when a member corrected how it reads (the sender's notice). */
  improvedBy: icu(
    '{name} improved the {language} translation',
    (name: string, language: string) => ({ name, language }),
  ),
} as const;

export const TRANSLATION_TRUST_STRINGS = localize(
  'ui.translationTrust',
  TRANSLATION_TRUST_SOURCE,
  uiCatalog(),
);
