import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseTranslationSet,
  protectedTokens,
  setProtectedWords,
  tokensKept,
  translationSetDirection,
} from '../src/translation/quality/translationSet.js';

const SET_DIR = new URL('../bench/translation-set/', import.meta.url);
const FILES = readdirSync(SET_DIR).filter((name) => translationSetDirection(name) !== null);

describe('the translation set format', () => {
  it('reads directions, categories, declared names and sentence lines', () => {
    const file = parseTranslationSet(
      'en-es.tsv',
      '# a comment\n# names: Zoé, Ulf\n# greetings\nhi Zoé\thola Zoé\n\n# plans\nlet us go\tvamos\n',
    );
    expect(file).toMatchObject({ from: 'en', to: 'es', names: ['Zoé', 'Ulf'] });
    expect(file.lines).toEqual([
      { source: 'hi Zoé', reference: 'hola Zoé', category: 'greetings', lineNumber: 4 },
      { source: 'let us go', reference: 'vamos', category: 'plans', lineNumber: 7 },
    ]);
    expect(protectedTokens('hi Zoé', setProtectedWords(file))).toEqual(['Zoé']);
  });

  it('refuses a line without its reference and a file not named after a direction', () => {
    expect(() => parseTranslationSet('en-es.tsv', 'hello there\n')).toThrow('en-es.tsv:1');
    expect(() => parseTranslationSet('notes.tsv', '')).toThrow('not named');
  });

  it('counts tokens kept byte for byte, a repeated one as often as it was written', () => {
    expect(tokensKept(['@ana', '10:00'], 'hola @ana a las 10.00')).toBe(1);
    expect(tokensKept(['😂', '😂'], 'qué risa 😂')).toBe(1);
    expect(tokensKept(['😂', '😂'], '😂😂 jaja')).toBe(2);
  });
});

describe.each(FILES)('the committed set %s', (name) => {
  const file = parseTranslationSet(name, readFileSync(new URL(name, SET_DIR), 'utf8'));
  const words = setProtectedWords(file);

  it('has at least 100 sentences, a good share of them with protected tokens', () => {
    expect(file.lines.length).toBeGreaterThanOrEqual(100);
    const withTokens = file.lines.filter((l) => protectedTokens(l.source, words).length > 0);
    expect(withTokens.length / file.lines.length).toBeGreaterThanOrEqual(0.2);
  });

  it('keeps every protected token of a source byte for byte in its reference', () => {
    const damaged = file.lines.flatMap((line) => {
      const tokens = protectedTokens(line.source, words);
      return tokensKept(tokens, line.reference) === tokens.length
        ? []
        : [`${name}:${line.lineNumber} ${tokens.join(' ')}`];
    });
    expect(damaged).toEqual([]);
  });
});
