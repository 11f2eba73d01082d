/**
 * Issue 26: the name readers see for the engine that translated a message ('Translated by
 * Apertium'). Stored rows keep the adapter's id ('apertium-apy', 'apertium-cli'); both ways of
 * running Apertium are Apertium to a reader.
 */
const ENGINE_NAMES: Readonly<Record<string, string>> = {
  apertium: 'Apertium',
  'apertium-apy': 'Apertium',
  'apertium-cli': 'Apertium',
  libretranslate: 'LibreTranslate',
  deepl: 'DeepL',
  google: 'Google Translate',
  azure: 'Azure Translator',
  amazon: 'Amazon Translate',
};

/** The engine's name for readers; an id not listed here is shown as it is. */
export function engineDisplayName(engine: string): string {
  // A pair routed through a pivot is served by a chain, named 'deepl+azure' by the router.
  return engine
    .split('+')
    .map((part) => ENGINE_NAMES[part] ?? part)
    .join(' + ');
}
