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
} as const;
