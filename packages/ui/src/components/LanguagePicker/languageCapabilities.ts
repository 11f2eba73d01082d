import { type Capabilities, canTranslate, type Language, languageCodeOf } from '@parley/chat-sdk';

/** What the server can do with one language, as the picker's badges show it. */
export interface LanguageCapability {
  /**
   * With a reader language: 'both', 'fromReader' (the reader's messages reach it), 'intoReader'
   * (its messages reach the reader), 'none' or 'same'. Without one: undefined (see `partners`).
   */
  withReader?: 'both' | 'fromReader' | 'intoReader' | 'none' | 'same';
  /** Other languages of the list it is translated to and from. */
  partners: number;
  spoken: boolean;
  transcribed: boolean;
  /** Drafts in it get spelling corrections (the `corrections` extension; false without it). */
  corrected: boolean;
}

export type PickerCapabilities = Partial<
  Pick<Capabilities, 'translation' | 'transcription' | 'synthesis' | 'corrections'>
>;

/**
 * Each language's capabilities by name, from GET /meta/capabilities; `reader` is a language
 * name or code the translation badges are relative to.
 */
export function languageCapabilities(
  capabilities: PickerCapabilities,
  languages: readonly Language[],
  reader?: string | null,
): Map<string, LanguageCapability> {
  const translation = { translation: capabilities.translation ?? { engine: 'none', pairs: [] } };
  const readerCode = languageCodeOf(reader);
  const spoken = new Set(capabilities.synthesis?.languages ?? []);
  const transcribed = new Set(capabilities.transcription?.languages ?? []);
  const correctedCodes = capabilities.corrections?.languages;
  const corrected = new Set(Array.isArray(correctedCodes) ? correctedCodes : []);
  const result = new Map<string, LanguageCapability>();
  for (const language of languages) {
    const code = language.code;
    const partners = languages.filter(
      (other) =>
        other.code !== code &&
        canTranslate(translation, code, other.code) &&
        canTranslate(translation, other.code, code),
    ).length;
    let withReader: LanguageCapability['withReader'];
    if (readerCode !== undefined) {
      const into = canTranslate(translation, code, readerCode);
      const from = canTranslate(translation, readerCode, code);
      withReader =
        readerCode === code
          ? 'same'
          : into && from
            ? 'both'
            : from
              ? 'fromReader'
              : into
                ? 'intoReader'
                : 'none';
    }
    result.set(language.name, {
      withReader,
      partners,
      spoken: spoken.has(code),
      transcribed: transcribed.has(code),
      corrected: corrected.has(code),
    });
  }
  return result;
}
