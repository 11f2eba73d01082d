import { describe, expect, it } from 'vitest';
import {
  findLanguage,
  GLOBE_FLAG,
  LANGUAGES,
  languageCodeForName,
  searchLanguages,
} from '../src/index';

describe('languages', () => {
  it('offers about 80 languages, English, Spanish, French, German, Chinese, Japanese first', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(75);
    expect(LANGUAGES.length).toBeLessThanOrEqual(90);
    expect(LANGUAGES.slice(0, 6).map((l) => l.name)).toEqual([
      'English',
      'Spanish',
      'French',
      'German',
      'Chinese',
      'Japanese',
    ]);
    for (const name of ['Tok Pisin', 'Tongan', 'Maori', 'Haitian Creole']) {
      expect(findLanguage(name)?.name).toBe(name);
    }
    expect(GLOBE_FLAG).toBe('🌐');
  });

  it('has unique names and codes, each with a flag', () => {
    expect(new Set(LANGUAGES.map((l) => l.name.toLowerCase())).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    for (const language of LANGUAGES) {
      expect(language.code).toMatch(/^[a-z]{2,3}$/);
      expect(language.flag).not.toBe('');
      expect(language.country).toMatch(/^[A-Z]{2}(-[A-Z]{3})?$/);
      expect(language.iso6393).toMatch(/^[a-z]{3}$/);
    }
  });

  it('finds a language case-insensitively, trimmed', () => {
    expect(findLanguage('  haitian CREOLE ')).toEqual({
      name: 'Haitian Creole',
      flag: '🇭🇹',
      country: 'HT',
      code: 'ht',
      iso6393: 'hat',
    });
    expect(findLanguage('Māori')?.code).toBe('mi');
    expect(findLanguage('Klingon')).toBeUndefined();
    expect(findLanguage(null)).toBeUndefined();
    expect(findLanguage(undefined)).toBeUndefined();
  });

  it('maps names to ISO codes', () => {
    expect(languageCodeForName('spanish')).toBe('es');
    expect(languageCodeForName('TOK PISIN')).toBe('tpi');
    expect(languageCodeForName('Tongan')).toBe('to');
    expect(languageCodeForName('nope')).toBeUndefined();
  });

  it('searches by case-insensitive substring; an empty query gives all', () => {
    expect(searchLanguages('CREO').map((l) => l.name)).toEqual(['Haitian Creole']);
    expect(searchLanguages('an').map((l) => l.name)).toContain('German');
    expect(searchLanguages('')).toHaveLength(LANGUAGES.length);
    expect(searchLanguages('zzz')).toEqual([]);
  });
});
