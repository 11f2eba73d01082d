import { describe, expect, it } from 'vitest';
import {
  CachedTranslator,
  protectingTranslator,
  restoreText,
  shieldText,
  type Translator,
} from '../src/translation/index.js';

/** An engine that gives back the text as it was asked (what a faithful engine does to stand-ins). */
function echo(text: string): string {
  return text;
}

function roundTrip(text: string, words = {}, engine: (t: string) => string = echo): string {
  const shielded = shieldText(text, words);
  return restoreText(engine(shielded.text), shielded);
}

describe('what must never be translated', () => {
  it.each([
    ['names', 'Ask Rosa and bo', { names: ['rosa', 'bo'] }, ['Rosa', 'bo']],
    ['mentions', 'hi @ana.m and @bo_2!', {}, ['@ana.m', '@bo_2']],
    ['URLs', 'see https://example.com/a?b=1.', {}, ['https://example.com/a?b=1']],
    ['e-mails', 'write to ana.m+x@mail.example.org', {}, ['ana.m+x@mail.example.org']],
    ['times', 'at 10:00, 3pm or 4 p.m.', {}, ['10:00', '3pm', '4 p.m.']],
    ['dates', 'on 2026-11-26 or 26/11/2026', {}, ['2026-11-26', '26/11/2026']],
    ['numbers', '12 people paid 3.50 and 1,000', {}, ['12', '3.50', '1,000']],
    ['numbers inside words', 'my mp3 of B2B 4ever', {}, ['mp3', 'B2B', '4ever']],
    ['code spans', 'run `git pull` now', {}, ['`git pull`']],
    ['marked words', 'we eat `tapas` tonight', {}, ['`tapas`']],
    ['the glossary, any case', 'Tapas and TAPAS', { glossary: ['tapas'] }, ['Tapas', 'TAPAS']],
    ['ZWJ emoji', 'family 👨‍👩‍👧‍👦 and 👍🏽 🇪🇸 1️⃣', {}, ['👨‍👩‍👧‍👦', '👍🏽', '🇪🇸', '1️⃣']],
    // The order of the patterns: fixed ones first, then names and glossary, then bare numbers.
    [
      'a glossary phrase over its number',
      'on Windows 11 Pro, 11 days',
      { glossary: ['windows 11 pro'] },
      ['Windows 11 Pro', '11'],
    ],
    [
      'a name inside a URL as the URL',
      'see https://rosa.example.com/rosa',
      { names: ['rosa'] },
      ['https://rosa.example.com/rosa'],
    ],
    ['a mention over the name', '@rosa and Rosa', { names: ['rosa'] }, ['@rosa', 'Rosa']],
    [
      'names and glossary among times',
      '10:00 with Bo, tapas at 3pm',
      { names: ['bo'], glossary: ['tapas'] },
      ['10:00', 'Bo', 'tapas', '3pm'],
    ],
  ])('protects %s', (_what, text, words, tokens) => {
    const shielded = shieldText(text, words);
    expect(shielded.tokens).toEqual(tokens);
    expect(shielded.text).not.toMatch(/\d(?![^⟦]*⟧)/u);
    expect(roundTrip(text, words)).toBe(text);
  });

  it('leaves names as words alone: "will" is not the name Will, "rosa" not Rosa in lower case', () => {
    expect(shieldText('I will come', { names: ['Will'] }).tokens).toEqual([]);
    expect(shieldText('una rosa', { names: ['Rosa'] }).tokens).toEqual([]);
    expect(shieldText('Bohemian bo', { names: ['bo'] }).tokens).toEqual(['bo']);
  });

  it('protects text that looks like a stand-in, and gives it back byte for byte', () => {
    const text = 'literal ⟦0⟧ and ⟦ 1 ⟧ and ⟦⟧ and \uE0003\uE000 and 5';
    const shielded = shieldText(text);
    expect(shielded.tokens).toContain('⟦');
    expect(roundTrip(text)).toBe(text);
    // Even an engine that swaps words around keeps every token.
    const reversed = roundTrip(text, {}, (t) => t.split(' ').reverse().join(' '));
    expect(reversed).toBe(text.split(' ').reverse().join(' '));
  });

  it('keeps right-to-left text and its numbers', () => {
    const text = 'نلتقي في 10:00 مع @سارة 👋 في https://example.com';
    const shielded = shieldText(text);
    expect(shielded.tokens).toEqual(['10:00', '@سارة', '👋', 'https://example.com']);
    expect(roundTrip(text)).toBe(text);
    expect(roundTrip('שלום Dana', { names: ['Dana'] })).toBe('שלום Dana');
  });

  it('round-trips the longest messages: one 10 000-letter word, 5 000 numbers, all lost at once', () => {
    const word = 'a'.repeat(10_000);
    expect(roundTrip(word, { glossary: ['tapas'], names: ['bo'] })).toBe(word);
    const numbers = '1 '.repeat(5_000);
    expect(roundTrip(numbers)).toBe(numbers);
    const shielded = shieldText(numbers);
    expect(shielded.tokens).toHaveLength(5_000);
    expect(restoreText('hola', shielded).split('1')).toHaveLength(5_001);
  });

  it('puts a mangled or lost stand-in back where it sat, and a repeated one once', () => {
    const shielded = shieldText('Meet at 10:00 with @bo today');
    expect(shielded.text).toBe('Meet at ⟦0⟧ with ⟦1⟧ today');
    expect(restoreText('Nos vemos a las ⟦ 0 ⟧ con ⟦1 hoy', shielded)).toBe(
      'Nos vemos a las 10:00 con @bo hoy',
    );
    expect(restoreText('Nos vemos a las 0⟧ con ⟦1⟧ ⟦1⟧ hoy', shielded)).toBe(
      'Nos vemos a las 10:00 con @bo  hoy',
    );
    const lost = restoreText('Nos vemos con hoy', shielded);
    expect(lost).toContain('10:00');
    expect(lost).toContain('@bo');
    expect(restoreText('Nos vemos ⟦7⟧ ⟦0⟧ ⟦1⟧', shielded)).toBe('Nos vemos  10:00 @bo');
  });

  it('takes a bare number for the stand-in whose brackets the engine moved', () => {
    // Apertium cat-eng turns 'arribo d’aquí a ⟦0⟧ minuts' into 'I arrive 0 minutes from ⟦now⟧'.
    const shielded = shieldText('arribo d’aquí a 5 minuts');
    expect(shielded.text).toBe('arribo d’aquí a ⟦0⟧ minuts');
    expect(restoreText('I arrive 0 minutes from ⟦now⟧', shielded)).toBe(
      'I arrive 5 minutes from now',
    );
    // A number whose stand-in came back whole is the engine's own: it stays.
    expect(restoreText('a las ⟦0⟧, 0 y 12', shieldText('at 10:00'))).toBe('a las 10:00, 0 y 12');
  });

  it('leaves names in the sentence unless the engine changes them, then shields them', async () => {
    const seen: string[] = [];
    const engine: Translator = {
      engine: 'fake',
      capabilities: async () => ({ pairs: [] }),
      close: async () => {},
      async translate(text) {
        seen.push(text);
        const translated = text
          .replace('Rosa', 'Pink')
          .replace('is coming at', 'viene a las')
          .replace('has', 'tiene');
        return { text: translated, engine: 'fake', unknownWords: ['Ana', 'xyz'] };
      },
    };
    const protectedEngine = protectingTranslator(engine);
    const names = { names: ['Ana', 'Rosa'] };
    const ana = await protectedEngine.translate('Ana is coming at 10:00', 'en', 'es', {
      protect: names,
    });
    // A name is a noun to the engine, a stand-in is not ('⟦0⟧ is coming' loses its subject).
    expect(seen).toEqual(['Ana is coming at ⟦0⟧']);
    expect(ana).toEqual({ text: 'Ana viene a las 10:00', engine: 'fake', unknownWords: ['xyz'] });
    seen.length = 0;
    const rosa = await protectedEngine.translate('Rosa has it', 'en', 'es', { protect: names });
    expect(seen).toEqual(['Rosa has it', '⟦0⟧ has it']);
    expect(rosa.text).toBe('Rosa tiene it');
  });

  it('never lets an engine see a protected-only text', async () => {
    const seen: string[] = [];
    const engine: Translator = {
      engine: 'fake',
      capabilities: async () => ({ pairs: [] }),
      close: async () => {},
      async translate(text) {
        seen.push(text);
        return {
          text: text.replace('Let’s get', 'Vamos por').replace('with', 'con'),
          engine: 'fake',
        };
      },
    };
    const protectedEngine = protectingTranslator(engine);
    expect((await protectedEngine.translate('10:00 👍', 'en', 'es')).text).toBe('10:00 👍');
    expect(seen).toEqual([]);
    const result = await protectedEngine.translate(
      'Let’s get tapas at 10:00 with @bo, see https://example.com',
      'en',
      'es',
      { protect: { glossary: ['tapas'], names: ['bo'] } },
    );
    expect(seen).toEqual(['Let’s get ⟦0⟧ at ⟦1⟧ with ⟦2⟧, see ⟦3⟧']);
    expect(result.text).toBe('Vamos por tapas at 10:00 con @bo, see https://example.com');
  });

  it('keys the cache on the glossary: a change never serves an old translation', async () => {
    let calls = 0;
    const engine: Translator = {
      engine: 'count',
      capabilities: async () => ({ pairs: [] }),
      close: async () => {},
      async translate(text) {
        calls += 1;
        return { text: `${text} (${calls})`, engine: 'count' };
      },
    };
    const cached = new CachedTranslator(engine);
    await cached.translate('hola', 'es', 'en');
    await cached.translate('hola', 'es', 'en', { protect: { glossary: [] } });
    expect(calls).toBe(1);
    await cached.translate('hola', 'es', 'en', { protect: { glossary: ['tapas'] } });
    expect(calls).toBe(2);
    // The same words in another order or case are the same glossary.
    await cached.translate('hola', 'es', 'en', { protect: { glossary: ['TAPAS'] } });
    await cached.translate('hola', 'es', 'en', { protect: { glossary: ['b', 'a'] } });
    await cached.translate('hola', 'es', 'en', { protect: { glossary: ['a', 'b'] } });
    expect(calls).toBe(3);
  });
});
