import { describe, expect, it } from 'vitest';
import { engineDisplayName } from '../src/translation/engineNames.js';

// The name a translated bubble shows ('Translated by …'), from the engine id the server stored.
describe('engineDisplayName', () => {
  it('names each engine as its maker does', () => {
    expect(engineDisplayName('apertium-apy')).toBe('Apertium');
    expect(engineDisplayName('deepl')).toBe('DeepL');
    expect(engineDisplayName('libretranslate')).toBe('LibreTranslate');
  });

  it('names every engine of a pivot chain the router joined with +', () => {
    expect(engineDisplayName('deepl+azure')).toBe('DeepL + Azure Translator');
  });

  it('shows an engine it does not know by its id', () => {
    expect(engineDisplayName('my-engine')).toBe('my-engine');
  });
});
