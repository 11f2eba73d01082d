// Kept apart from strings.ts (like messageActionStrings.ts) so the trust slice of issue 26 adds
// lines to no shared catalog.
/** Strings of translation you can trust (issue 26): who translated, unknown words, reports. */
export const TRANSLATION_TRUST_STRINGS = {
  /** The note under a translated message, naming the engine: 'Translated by Apertium'. */
  translatedBy: (engine: string) => `Translated by ${engine}`,
  /** The same when the source language is known: 'Translated from English by Apertium'. */
  translatedFromBy: (language: string, engine: string) =>
    `Translated from ${language} by ${engine}`,
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
  suggestInto: (language: string) => `Your better ${language} translation`,
  /** Said under the form: who will see it. */
  suggestHint: (language: string) =>
    `Everyone who reads ${language} in this chat will see it, with your name.`,
  saveSuggestion: 'Save suggestion',
  cancelSuggestion: 'Cancel',
  suggestionSaved: 'Thanks — your translation is shown to readers.',
  suggestionFailed: 'Could not save your translation. Try again later.',
  /** Over a member's better translation. */
  correctedBy: (name: string) => `Corrected by ${name}`,
  showMachine: 'Show machine translation',
  hideMachine: 'Hide machine translation',
  machineLabel: 'Machine translation',
  /** Under my own message when a member corrected how it reads (the sender's notice). */
  improvedBy: (name: string, language: string) => `${name} improved the ${language} translation`,
} as const;
