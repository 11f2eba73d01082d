import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CorrectorUnavailableError,
  NspellCorrector,
  UnsupportedLanguageError,
} from '../src/corrections/index.js';
import { rankSuggestions, typingDistance } from '../src/corrections/suggestionRanking.js';
import { wordTokens } from '../src/corrections/wordTokens.js';

const words = (text: string) => wordTokens(text).map((token) => token.text);

describe('wordTokens picks the words a dictionary should judge', () => {
  it('keeps letters with accents and inner apostrophes, at UTF-16 offsets', () => {
    const text = "😀 ¿Qué tal? I don't know, aujourd’hui c'est l'été";
    const tokens = wordTokens(text);
    expect(tokens.map((token) => token.text)).toEqual([
      'Qué',
      'tal',
      "don't",
      'know',
      'aujourd’hui',
      "c'est",
      "l'été",
    ]);
    for (const token of tokens) {
      expect(text.slice(token.offset, token.offset + token.text.length)).toBe(token.text);
    }
    // The emoji is two UTF-16 code units, then a space and '¿'.
    expect(tokens[0]?.offset).toBe(4);
    expect(tokens.find((token) => token.text === 'aujourd’hui')?.normalized).toBe("aujourd'hui");
  });

  it('matches decomposed accents by their composed form', () => {
    const decomposed = 'cafe\u0301 ole\u0301';
    const tokens = wordTokens(decomposed);
    expect(tokens.map((token) => token.normalized)).toEqual(['café', 'olé']);
    expect(tokens[1]).toMatchObject({ offset: 6, text: 'ole\u0301' });
  });

  it('skips links, addresses, mentions, tags, numbers, acronyms and one-letter words', () => {
    expect(
      words(
        'https://exampel.com/a?b=teh www.wrnog.org jonh@exampel.co.uk @jonh.doe #recieve ' +
          '42 3pm 22nd v2 NASA ASAP iPhone McLaren a I',
      ),
    ).toEqual([]);
    expect(words('go to https://x.io, then rest')).toEqual(['go', 'to', 'then', 'rest']);
  });

  it('leaves out apostrophes that open or close a quotation', () => {
    expect(wordTokens("'quoted' dogs'")).toMatchObject([
      { text: 'quoted', offset: 1 },
      { text: 'dogs', offset: 9 },
    ]);
  });
});

describe('suggestions are ranked by the likeliest typing slip', () => {
  it('puts swapped letters and a missing apostrophe ahead of wrong letters', () => {
    expect(typingDistance('teh', 'the')).toBeLessThan(typingDistance('teh', 'ten'));
    expect(rankSuggestions('teh', ['ten', 'eh', 'meh', 'tea', 'the'])[0]).toBe('the');
    expect(rankSuggestions('dont', ['cont', 'dent', 'done', "don't"])[0]).toBe("don't");
    expect(rankSuggestions('paris', ['parish', 'Paris', 'pars'])[0]).toBe('Paris');
    expect(rankSuggestions('tres', ['tees', 'trek', 'très', 'tris'])[0]).toBe('très');
  });

  it('offers at most five, without duplicates or the word itself', () => {
    expect(
      rankSuggestions('cat', ['cat', 'cut', 'cut', 'cot', 'car', 'can', 'cap', 'cab']),
    ).toEqual(['cut', 'cot', 'car', 'can', 'cap']);
  });
});

describe('NspellCorrector (offline, dictionary-* packages on worker threads)', () => {
  const corrector = new NspellCorrector();
  // Dictionaries take seconds to build on a busy machine; that is not what these tests time.
  beforeAll(async () => {
    await Promise.all(['en', 'es', 'de'].map((language) => corrector.check('warm', language)));
  }, 90_000);
  afterAll(() => corrector.close());

  it('offers English, Spanish, French and German', () => {
    expect(corrector.languages()).toEqual(['de', 'en', 'es', 'fr']);
  });

  it('flags English misspellings with offsets and ranked suggestions', async () => {
    const corrections = await corrector.check('I recieve teh message', 'en');
    expect(corrections).toEqual([
      {
        offset: 2,
        length: 7,
        word: 'recieve',
        message: 'Possible spelling mistake found.',
        replacements: expect.arrayContaining(['receive']),
      },
      {
        offset: 10,
        length: 3,
        word: 'teh',
        message: 'Possible spelling mistake found.',
        replacements: expect.arrayContaining(['the']),
      },
    ]);
    expect(corrections.map((correction) => correction.replacements[0])).toEqual(['receive', 'the']);
  });

  it('flags every occurrence of a repeated misspelling, keeping its curly apostrophe', async () => {
    const corrections = await corrector.check('dont say dont. Don’t worry', 'en');
    expect(corrections.map(({ offset, word }) => ({ offset, word }))).toEqual([
      { offset: 0, word: 'dont' },
      { offset: 9, word: 'dont' },
    ]);
    expect(corrections[0]?.replacements[0]).toBe("don't");
  });

  it('flags Spanish misspellings', async () => {
    const text = 'Hola, como estas? Tengo un problmea';
    const corrections = await corrector.check(text, 'es');
    expect(
      corrections.map(({ word, offset, replacements }) => [word, offset, replacements[0]]),
    ).toEqual([['problmea', 27, 'problema']]);
  });

  it('accepts correct German text', async () => {
    expect(await corrector.check('Die Straße ist heute sehr schön.', 'de')).toEqual([]);
  });

  it('computes suggestions for the first 50 distinct misspellings only', async () => {
    const base = [
      'message',
      'garden',
      'window',
      'kitchen',
      'teacher',
      'summer',
      'winter',
      'yellow',
      'basket',
      'pencil',
      'doctor',
      'rabbit',
      'butter',
      'silver',
      'market',
      'forest',
      'bottle',
      'candle',
      'monkey',
      'pepper',
      'ticket',
      'button',
      'carpet',
      'finger',
      'ladder',
      'mirror',
      'napkin',
      'pocket',
      'rocket',
      'tunnel',
    ];
    // Two slips per word: the last letter hit as 'q', and the last letter doubled.
    const misspelt = base.flatMap((word) => [`${word.slice(0, -1)}q`, `${word}${word.at(-1)}`]);
    const corrections = await corrector.check(misspelt.join(' '), 'en');
    expect(corrections.map((correction) => correction.word)).toEqual(misspelt);
    expect(corrections.slice(50).every((c) => c.replacements.length === 0)).toBe(true);
    const suggested = corrections.slice(0, 50).filter((c) => c.replacements.length > 0);
    expect(suggested.length).toBeGreaterThan(40);
  });

  it('refuses a language it has no dictionary for', async () => {
    await expect(corrector.check('Olá', 'pt')).rejects.toBeInstanceOf(UnsupportedLanguageError);
    expect(() => new NspellCorrector({ languages: ['pt'] })).toThrow(
      /No nspell dictionary for: pt/,
    );
    expect(() => new NspellCorrector({ languages: ['en'], preload: ['es'] })).toThrow(
      /Cannot preload es/,
    );
  });

  it('gives up on a dictionary that does not load in time, and says so', async () => {
    const slow = new NspellCorrector({ languages: ['fr'], loadTimeoutMs: 1 });
    try {
      await expect(slow.check('bonjour', 'fr')).rejects.toBeInstanceOf(CorrectorUnavailableError);
      // The failure is remembered for a while instead of reloading on every request.
      await expect(slow.check('bonjour', 'fr')).rejects.toThrow(/did not load within 1 ms/);
    } finally {
      await slow.close();
    }
  });

  it('closes while a dictionary is still loading', async () => {
    const loading = new NspellCorrector({ languages: ['fr'], preload: ['fr'] });
    await loading.close();
    await expect(loading.check('bonjour', 'fr')).rejects.toBeInstanceOf(CorrectorUnavailableError);
  });
});
