import { LANGUAGES } from '@parley/chat-sdk';
import { describe, expect, it } from 'vitest';
import {
  cleanApertiumOutput,
  stripUnknownWordMarks,
  unknownWordShare,
} from '../src/translation/apertiumOutput.js';
import { sdkLanguageCode } from '../src/translation/languageCodes.js';
import { NoneTranslator } from '../src/translation/noneTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { CachedTranslator, LruCache } from '../src/translation/translationCache.js';
import { TranslationPairs } from '../src/translation/translationPairs.js';
import {
  TranslationEngineError,
  type TranslationResult,
  type Translator,
  UnreliableTranslationError,
} from '../src/translation/translator.js';

/** A scripted engine: answers with `respond`, counting calls. */
class ScriptedTranslator implements Translator {
  readonly engine = 'scripted';
  calls = 0;

  constructor(
    private readonly respond: (text: string, signal?: AbortSignal) => Promise<TranslationResult>,
  ) {}

  async capabilities() {
    return { pairs: [{ from: 'en', to: 'es' }] };
  }

  translate(text: string, _from: string, _to: string, options?: { signal?: AbortSignal }) {
    this.calls += 1;
    return this.respond(text, options?.signal);
  }

  async close() {}
}

const upperCase = () =>
  new ScriptedTranslator(async (text) => ({ text: text.toUpperCase(), engine: 'scripted' }));

describe('translateSafely', () => {
  it('returns the translation and the engine that made it', async () => {
    expect(await translateSafely(upperCase(), 'hola', 'es', 'en')).toEqual({
      text: 'HOLA',
      translated: true,
      engine: 'scripted',
    });
  });

  it('leaves text alone when both sides speak the same language, without calling the engine', async () => {
    const translator = upperCase();
    expect(await translateSafely(translator, 'hola', 'es', 'es')).toEqual({
      text: 'hola',
      translated: false,
    });
    expect(translator.calls).toBe(0);
  });

  it('gives back the original text marked timeout when the engine hangs, even one ignoring its signal', async () => {
    const hanging = new ScriptedTranslator(() => new Promise<never>(() => undefined));
    const started = Date.now();
    const result = await translateSafely(hanging, 'hello', 'en', 'es', { timeoutMs: 50 });
    expect(result).toEqual({ text: 'hello', translated: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('aborts the engine call when the time is up', async () => {
    let aborted = false;
    const slow = new ScriptedTranslator(
      (_text, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new TranslationEngineError('aborted'));
          });
        }),
    );
    const result = await translateSafely(slow, 'hello', 'en', 'es', { timeoutMs: 20 });
    expect(result.failure).toBe('timeout');
    expect(aborted).toBe(true);
  });

  it('gives back the original text marked engine_error when the engine fails, and reports it', async () => {
    const broken = new ScriptedTranslator(async () => {
      throw new Error('socket hang up');
    });
    const failures: string[] = [];
    const result = await translateSafely(broken, 'hello', 'en', 'es', {
      onFailure: (error) => failures.push(error.message),
    });
    expect(result).toEqual({ text: 'hello', translated: false, failure: 'engine_error' });
    expect(failures).toEqual(['socket hang up']);
  });

  it('says honestly that the none engine translates nothing', async () => {
    const none = new NoneTranslator();
    expect(await none.capabilities()).toEqual({ pairs: [] });
    expect(await translateSafely(none, 'hello', 'en', 'es')).toEqual({
      text: 'hello',
      translated: false,
      failure: 'unsupported',
    });
  });
});

describe('translation cache', () => {
  it('answers a repeated message from memory, per engine, pair and text', async () => {
    const inner = upperCase();
    const cached = new CachedTranslator(inner, 100);
    await cached.translate('hello', 'en', 'es');
    await cached.translate('hello', 'en', 'es');
    await cached.translate('hello', 'en', 'fr');
    await cached.translate('hello!', 'en', 'es');
    expect(inner.calls).toBe(3);
    expect(cached.hits).toBe(1);
  });

  it('never caches failures, so a recovered engine is asked again', async () => {
    let healthy = false;
    const flaky = new ScriptedTranslator(async (text) => {
      if (!healthy) throw new TranslationEngineError('down');
      return { text: `ok ${text}`, engine: 'scripted' };
    });
    const cached = new CachedTranslator(flaky, 100);
    expect((await translateSafely(cached, 'hi', 'en', 'es')).translated).toBe(false);
    healthy = true;
    expect(await translateSafely(cached, 'hi', 'en', 'es')).toMatchObject({ text: 'ok hi' });
  });

  it('remembers an unreliable answer: the same text through the same chain is refused again', async () => {
    let calls = 0;
    const guarded = new ScriptedTranslator(async () => {
      calls += 1;
      throw new UnreliableTranslationError('mostly unknown words');
    });
    const cached = new CachedTranslator(guarded, 100);
    const first = await translateSafely(cached, 'xyzzy plugh quux', 'en', 'it');
    const again = await translateSafely(cached, 'xyzzy plugh quux', 'en', 'it');
    expect([first.failure, again.failure]).toEqual(['unreliable', 'unreliable']);
    expect(calls).toBe(1);
  });

  it('forgets the least recently used entry beyond its bound', () => {
    const lru = new LruCache<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
  });
});

describe('pivot routes (the sdk rule, used by the server)', () => {
  const pairs = new TranslationPairs([
    { from: 'en', to: 'es' },
    { from: 'es', to: 'en' },
    { from: 'fr', to: 'es' },
    { from: 'es', to: 'pt' },
    { from: 'ca', to: 'en' },
    { from: 'pt', to: 'gl' },
    { from: 'gl', to: 'xx' },
  ]);

  it('is direct where a direction exists, else the shortest chain of at most two pivots', () => {
    expect(pairs.route('en', 'es')).toEqual({ kind: 'direct' });
    expect(pairs.route('fr', 'en')).toEqual({ kind: 'pivot', via: ['es'] });
    expect(pairs.route('en', 'pt')).toEqual({ kind: 'pivot', via: ['es'] });
    expect(pairs.route('ca', 'pt')).toEqual({ kind: 'pivot', via: ['en', 'es'] });
    expect(pairs.route('en', 'gl')).toEqual({ kind: 'pivot', via: ['es', 'pt'] });
    // One-way: nothing leads to French.
    expect(pairs.route('en', 'fr')).toBeUndefined();
    // en → es → pt → gl → xx would take three pivots.
    expect(pairs.route('en', 'xx')).toBeUndefined();
  });
});

describe('Apertium output as users see it', () => {
  it('drops the stray spaces transfer leaves, unless the sender typed them', () => {
    expect(cleanApertiumOutput(' Quiero "cita" y  es bien', 'I love "quotes" and it’s fine')).toBe(
      'Quiero "cita" y es bien',
    );
    expect(cleanApertiumOutput('a  b', 'x  y')).toBe('a  b');
    expect(cleanApertiumOutput('Línea una\nLínea dos', 'Line one\nLine two')).toBe(
      'Línea una\nLínea dos',
    );
  });
});

describe('Apertium word marks', () => {
  it('removes *, @ and # before words the engine added them to', () => {
    expect(stripUnknownWordMarks('Buenos días *blorpz, #gato @perro', 'Good morning blorpz')).toBe(
      'Buenos días blorpz, gato perro',
    );
  });

  it('removes the marks a chain of pairs piles up', () => {
    expect(stripUnknownWordMarks('@**The #**dom и много', 'The house is big')).toBe(
      'The dom и много',
    );
    // The sender's '@' before Apertium's own unknown-word mark.
    expect(stripUnknownWordMarks('ve @*ana y *blorpz', 'see @ana and blorpz')).toBe(
      've @ana y blorpz',
    );
  });

  it('counts the share of marked words, leaving out short texts and marks the sender typed', () => {
    expect(unknownWordShare('**xyzzy **plugh casa', 'xyzzy plugh house')).toBeCloseTo(2 / 3);
    expect(unknownWordShare('Hola @ana y #news hoy', 'Hi @ana and #news today')).toBe(0);
    expect(unknownWordShare('*Juan *Pérez', 'Juan Pérez')).toBe(0);
  });

  it('keeps marks the sender typed (mentions, hashtags, emphasis)', () => {
    expect(stripUnknownWordMarks('Hola @ana, mira #news *ahora*', 'Hi @ana, see #news *now*')).toBe(
      'Hola @ana, mira #news ahora*',
    );
  });
});

describe('engine language codes', () => {
  it('maps ISO 639-3 and variants onto the sdk codes, and nothing outside the sdk list', () => {
    expect(['eng', 'spa', 'cat', 'fra', 'por', 'es', 'nob'].map((c) => sdkLanguageCode(c))).toEqual(
      ['en', 'es', 'ca', 'fr', 'pt', 'es', 'no'],
    );
    expect(sdkLanguageCode('por_BR')).toBeUndefined();
    expect(sdkLanguageCode('zh-Hans', true)).toBe('zh');
    // Galician and Serbo-Croatian are in the table (as pivots) but no picker offers them.
    expect(sdkLanguageCode('glg')).toBeUndefined();
    expect(sdkLanguageCode('hbs')).toBeUndefined();
    expect(sdkLanguageCode('zlm')).toBe('ms');
    const codes = new Set(LANGUAGES.map((language) => language.code));
    for (const code of ['eng', 'tgl', 'haw', 'tpi']) {
      const mapped = sdkLanguageCode(code);
      if (mapped) expect(codes.has(mapped)).toBe(true);
    }
  });
});
