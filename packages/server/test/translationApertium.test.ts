import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilitiesRoutes } from '../src/meta/capabilitiesRoutes.js';
import { ApertiumCli } from '../src/translation/apertiumCli.js';
import { ApertiumTranslator } from '../src/translation/apertiumTranslator.js';
import { eldLanguageDetector } from '../src/translation/languageDetector.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { APERTIUM_START_MS, apertiumAvailable } from './support/engines.js';

const apertiumInstalled = apertiumAvailable();

const LONG_ENGLISH = Array.from(
  { length: 400 },
  (_, i) => `Sentence ${i}: the small dog sleeps in the big house while the cat eats fish.`,
).join(' ');

describe.skipIf(!apertiumInstalled)('Apertium through apertium-apy (real engine)', () => {
  const translator = new ApertiumTranslator();

  beforeAll(async () => {
    expect(await translator.whenApyReady(APERTIUM_START_MS - 10_000)).toBe(true);
  }, APERTIUM_START_MS);
  afterAll(() => translator.close());

  it('lists the installed direct pairs and the routes through them, with their via chain', async () => {
    const { pairs } = await translator.capabilities();
    expect(pairs).toEqual(
      expect.arrayContaining([
        { from: 'en', to: 'es' },
        { from: 'es', to: 'en' },
        { from: 'en', to: 'ca' },
        { from: 'fr', to: 'es' },
        { from: 'es', to: 'pt' },
        { from: 'fr', to: 'en', via: ['es'] },
        { from: 'en', to: 'pt', via: ['es'] },
      ]),
    );
    expect(pairs.some((pair) => pair.from === pair.to)).toBe(false);
  });

  it('translates English to Spanish', async () => {
    const result = await translateSafely(translator, 'Hello, how are you?', 'en', 'es');
    expect(result).toMatchObject({ translated: true, engine: 'apertium-apy' });
    expect(result.text).toContain('Hola');
  });

  it('translates Spanish to English', async () => {
    const result = await translateSafely(translator, 'El perro come pan en la casa.', 'es', 'en');
    expect(result.translated).toBe(true);
    expect(result.text).toMatch(/dog/);
    expect(result.text).toMatch(/bread/);
  });

  it('translates French to English through Spanish in one chained request', async () => {
    const result = await translateSafely(translator, 'Le chien mange du pain.', 'fr', 'en');
    expect(result).toMatchObject({ translated: true, engine: 'apertium-apy' });
    expect(result.text.toLowerCase()).toContain('dog');
  });

  it('shows unknown words without Apertium’s marks, keeping marks the sender typed', async () => {
    const result = await translateSafely(
      translator,
      'Good morning blorpz, see @ana and #news',
      'en',
      'es',
    );
    expect(result.translated).toBe(true);
    expect(result.text).toContain('blorpz');
    expect(result.text).not.toMatch(/[*#@]blorpz/);
    expect(result.text).toContain('@ana');
  });

  it('delivers the original text, marked unsupported, for a pair with no route', async () => {
    const result = await translateSafely(translator, 'Guten Morgen', 'de', 'ja');
    expect(result).toEqual({ text: 'Guten Morgen', translated: false, failure: 'unsupported' });
  });

  it('degrades to the original text when apertium-apy dies mid-translation, then restarts it', async () => {
    const pid = translator.apyPid;
    expect(pid).toBeTypeOf('number');
    const inFlight = translateSafely(translator, LONG_ENGLISH, 'en', 'es');
    // A deliberate head start: the request must be inside apertium-apy when it dies, and the
    // external process shows no sign of having taken it, so it gets 150 ms to arrive.
    await new Promise((resolve) => setTimeout(resolve, 150));
    process.kill(pid as number, 'SIGKILL');
    expect(await inFlight).toEqual({
      text: LONG_ENGLISH,
      translated: false,
      failure: 'engine_error',
    });

    // Once the exit is noticed, and while APY restarts, messages translate through the CLI.
    await expect.poll(() => translator.apyPid, { timeout: 5_000 }).not.toBe(pid);
    const meanwhile = await translateSafely(translator, 'Good morning', 'en', 'es');
    expect(meanwhile.translated).toBe(true);
    expect(meanwhile.text).toContain('Buenos días');

    expect(await translator.whenApyReady(20_000)).toBe(true);
    expect(translator.apyPid).not.toBe(pid);
    expect(translator.apyStarts).toBe(2);
    const after = await translateSafely(translator, 'Good morning', 'en', 'es');
    expect(after).toMatchObject({ translated: true, engine: 'apertium-apy' });
  }, 40_000);
});

describe.skipIf(!apertiumInstalled)('Apertium through the apertium CLI (real engine)', () => {
  const translator = new ApertiumTranslator({ apy: false });
  afterAll(() => translator.close());

  it('translates English to Spanish with one process per call', async () => {
    const result = await translateSafely(translator, 'Hello, how are you?', 'en', 'es');
    expect(result).toMatchObject({ translated: true, engine: 'apertium-cli' });
    expect(result.text).toContain('Hola');
  });

  it('chains English to Italian through Spanish, leg by leg', async () => {
    const { pairs } = await translator.capabilities();
    expect(pairs).toContainEqual({ from: 'en', to: 'it', via: ['es'] });
    const result = await translateSafely(translator, 'The dog eats bread.', 'en', 'it');
    expect(result).toMatchObject({ translated: true, engine: 'apertium-cli' });
    expect(result.text).toMatch(/cane/);
  });

  it('gives up after the timeout with the original text, and kills the apertium process', async () => {
    const result = await translateSafely(translator, 'Hello, how are you?', 'en', 'es', {
      timeoutMs: 5,
    });
    expect(result).toEqual({ text: 'Hello, how are you?', translated: false, failure: 'timeout' });
  });

  it('queues calls beyond its process limit; a queued call that is aborted leaves the queue', async () => {
    const cli = new ApertiumCli({ maxConcurrent: 1 });
    const first = cli.translate('eng-spa', 'Good morning');
    const queued = cli.translate('eng-spa', 'Good night', AbortSignal.timeout(20));
    const third = cli.translate('eng-spa', 'Thank you');
    await expect(queued).rejects.toThrow(/aborted while queued/);
    expect(await first).toContain('Buenos días');
    expect(await third).toMatch(/gracias/i);
  });

  it('serves its pairs and eld’s languages on GET /meta/capabilities', async () => {
    const app = Fastify();
    await app.register(capabilitiesRoutes, { translator, detector: eldLanguageDetector });
    const response = await app.inject({ method: 'GET', url: '/meta/capabilities' });
    await app.close();
    const body = response.json();
    expect(body.translation.engine).toBe('apertium');
    expect(body.translation.pairs).toContainEqual({ from: 'en', to: 'es' });
    expect(body.translation.pairs).toContainEqual({ from: 'pt', to: 'en', via: ['es'] });
    expect(body.detection).toMatchObject({ engine: 'eld' });
    expect(body.detection.languages).toContain('es');
    expect(body.transcription).toEqual({ engine: 'none', languages: [] });
  });

  it('keeps the line breaks of a multi-line message', async () => {
    const result = await translateSafely(translator, 'Good morning\nGood night', 'en', 'es');
    expect(result.text.split('\n')).toHaveLength(2);
  });
});
