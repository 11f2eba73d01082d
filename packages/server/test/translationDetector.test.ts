import { describe, expect, it } from 'vitest';
import {
  detectMessageLanguage,
  ELD_MEDIUM_LANGUAGES,
  eldLanguageDetector,
  type LanguageDetector,
} from '../src/translation/languageDetector.js';

const SPANISH_PARAGRAPH =
  'Buenos días, quería preguntarte si mañana podemos vernos en la biblioteca para estudiar juntos antes del examen.';
const ENGLISH_PARAGRAPH =
  'Good morning, I wanted to ask whether we could meet at the library tomorrow to study together.';

describe('message language detection (eld, offline)', () => {
  it('keeps the profile language for short messages', async () => {
    expect(await detectMessageLanguage('Hola amigo', 'en')).toBe('en');
    expect(await detectMessageLanguage('ok 👍', 'es')).toBe('es');
  });

  it('finds Spanish in a clear Spanish paragraph from an English profile', async () => {
    expect(await detectMessageLanguage(SPANISH_PARAGRAPH, 'en')).toBe('es');
  });

  it('keeps the profile language when the text is in it', async () => {
    expect(await detectMessageLanguage(ENGLISH_PARAGRAPH, 'en')).toBe('en');
    expect(await detectMessageLanguage(SPANISH_PARAGRAPH, 'es')).toBe('es');
  });

  it('keeps the profile language when the detector cannot tell it apart from the guess', async () => {
    const unsure: LanguageDetector = {
      engine: 'test',
      languages: async () => ['es', 'ca'],
      detect: async () => ({
        language: 'es',
        confidence: 0.8,
        reliable: true,
        scores: { es: 0.8, ca: 0.75 },
      }),
    };
    expect(await detectMessageLanguage(SPANISH_PARAGRAPH, 'ca', unsure)).toBe('ca');
  });

  it('keeps the profile language when the detector fails', async () => {
    const broken: LanguageDetector = {
      engine: 'test',
      languages: async () => [],
      detect: async () => {
        throw new Error('no model');
      },
    };
    expect(await detectMessageLanguage(SPANISH_PARAGRAPH, 'en', broken)).toBe('en');
  });

  it('lists the sdk languages it can recognise', async () => {
    const languages = await eldLanguageDetector.languages();
    expect(languages).toEqual(expect.arrayContaining(['en', 'es', 'fr', 'pt', 'ca', 'de', 'fil']));
    expect(languages).not.toContain('tl');
  });

  it("lists the languages of eld's medium table without loading it", async () => {
    const { eld } = await import('eld/medium');
    expect([...ELD_MEDIUM_LANGUAGES].sort()).toEqual(Object.values(eld.info().Languages).sort());
  });
});
