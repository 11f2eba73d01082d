import { LANGUAGES } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApertiumTranslator } from '../src/translation/apertiumTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import type { TranslationPair } from '../src/translation/translator.js';
import { APERTIUM_START_MS, apertiumAvailable } from './support/engines.js';

const apertiumInstalled = apertiumAvailable();

// Every family of languages the Debian pairs installed by scripts/install-engines.sh route,
// on the real engine: one translation each, and the route /meta/capabilities reports for it.
describe.skipIf(!apertiumInstalled)(
  'routes through every installed Apertium pair (real engine)',
  () => {
    const translator = new ApertiumTranslator();
    let pairs: TranslationPair[] = [];
    const route = (from: string, to: string) =>
      pairs.find((pair) => pair.from === from && pair.to === to);

    beforeAll(async () => {
      expect(await translator.whenApyReady(APERTIUM_START_MS)).toBe(true);
      pairs = (await translator.capabilities()).pairs;
    }, APERTIUM_START_MS + 10_000);
    afterAll(() => translator.close());

    async function expectTranslation(text: string, from: string, to: string, expected: RegExp) {
      const result = await translateSafely(translator, text, from, to, { timeoutMs: 20_000 });
      expect(result, `${from} → ${to}`).toMatchObject({ translated: true, engine: 'apertium-apy' });
      expect(result.text).toMatch(expected);
    }

    it('lists only picker languages, each route with at most two pivots', () => {
      const picker = new Set(LANGUAGES.map((language) => language.code));
      for (const pair of pairs) {
        expect(picker.has(pair.from) && picker.has(pair.to), `${pair.from} → ${pair.to}`).toBe(
          true,
        );
        expect(pair.via?.length ?? 0).toBeLessThanOrEqual(2);
      }
    });

    it('English → Italian through Spanish', async () => {
      expect(route('en', 'it')).toEqual({ from: 'en', to: 'it', via: ['es'] });
      await expectTranslation('The dog eats bread.', 'en', 'it', /cane/);
    });

    it('English → Portuguese through Spanish, and Portuguese → Catalan directly', async () => {
      expect(route('en', 'pt')).toEqual({ from: 'en', to: 'pt', via: ['es'] });
      await expectTranslation('The dog eats bread.', 'en', 'pt', /cão|cachorro/);
      expect(route('pt', 'ca')).toEqual({ from: 'pt', to: 'ca' });
      await expectTranslation('O cão come pão.', 'pt', 'ca', /gos/);
    });

    it('Russian → Ukrainian, directly', async () => {
      expect(route('ru', 'uk')).toEqual({ from: 'ru', to: 'uk' });
      await expectTranslation('Собака ест хлеб.', 'ru', 'uk', /Собака/);
    });

    it('Danish → Norwegian Bokmål, and Swedish → Danish, directly', async () => {
      expect(route('da', 'no')).toEqual({ from: 'da', to: 'no' });
      await expectTranslation('Jeg har en stor hund.', 'da', 'no', /hund/);
      expect(route('sv', 'da')).toEqual({ from: 'sv', to: 'da' });
      await expectTranslation('Jag har en stor hund.', 'sv', 'da', /Jeg/);
    });

    it('English → Croatian and Serbian in their own variants; Slovenian → English through Serbo-Croatian', async () => {
      expect(route('en', 'hr')).toEqual({ from: 'en', to: 'hr' });
      expect(route('en', 'sr')).toEqual({ from: 'en', to: 'sr' });
      await expectTranslation('The dog eats bread.', 'en', 'hr', /pas/i);
      expect(route('sl', 'en')).toEqual({ from: 'sl', to: 'en', via: ['sh'] });
      await expectTranslation('Pes je velik.', 'sl', 'en', /dog/i);
    });

    it('Bulgarian → English through Macedonian', async () => {
      expect(route('bg', 'en')).toEqual({ from: 'bg', to: 'en', via: ['mk'] });
      await expectTranslation('Кучето е голямо.', 'bg', 'en', /dog|big|large/i);
    });

    it('Afrikaans → Dutch, Indonesian → Malay, Urdu → Hindi: families of their own', async () => {
      await expectTranslation('Die hond eet brood.', 'af', 'nl', /hond/);
      await expectTranslation('Saya suka makan nasi.', 'id', 'ms', /nasi/);
      await expectTranslation('میں گھر جا رہا ہوں', 'ur', 'hi', /[\u0900-\u097F]/);
      expect(route('af', 'en')).toBeUndefined();
    });

    it('honours one-way pairs: Romanian and Icelandic are read, not written', async () => {
      expect(route('ro', 'es')).toEqual({ from: 'ro', to: 'es' });
      expect(route('ro', 'en')).toEqual({ from: 'ro', to: 'en', via: ['es'] });
      expect(route('es', 'ro')).toBeUndefined();
      await expectTranslation('Câinele mănâncă pâine.', 'ro', 'es', /perro/);
      expect(route('is', 'en')).toEqual({ from: 'is', to: 'en' });
      expect(route('en', 'is')).toBeUndefined();
      const refused = await translateSafely(translator, 'The dog eats bread.', 'es', 'ro');
      expect(refused).toMatchObject({ translated: false, failure: 'unsupported' });
    });

    it('stops at two pivots: Danish reaches English through Swedish and Icelandic, not Spanish', async () => {
      expect(route('da', 'en')).toEqual({ from: 'da', to: 'en', via: ['sv', 'is'] });
      // da → sv → is → en → es would take three pivots.
      expect(route('da', 'es')).toBeUndefined();
      const refused = await translateSafely(translator, 'Hunden spiser brød.', 'da', 'es');
      expect(refused).toMatchObject({ translated: false, failure: 'unsupported' });
    });

    it('delivers the original, marked unreliable, when a pivoted answer is mostly unknown words', async () => {
      const gibberish = 'Xyzzy plugh frobnicate quux blarg';
      const result = await translateSafely(translator, gibberish, 'en', 'it');
      expect(result).toEqual({ text: gibberish, translated: false, failure: 'unreliable' });
      // A direct pair passes unknown words through as they are (names, brands…).
      const direct = await translateSafely(translator, gibberish, 'en', 'es');
      expect(direct.translated).toBe(true);
      // A pivoted message with a few unknown words still arrives translated.
      await expectTranslation('My friend Blorpz eats bread in the house.', 'en', 'it', /pane/);
    });
  },
);
