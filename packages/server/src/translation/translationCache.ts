import { createHash } from 'node:crypto';
import {
  type TranslateOptions,
  type TranslationResult,
  type Translator,
  type TranslatorCapabilities,
  UnreliableTranslationError,
} from './translator.js';

export const DEFAULT_TRANSLATION_CACHE_ENTRIES = 10_000;

/** A bounded least-recently-used map (a Map keeps insertion order; a hit moves to the end). */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new Error(`maxEntries must be a positive integer, got ${maxEntries}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** The sender's glossary as part of the key: the same words in any order or case are one key. */
function glossaryKey(options: TranslateOptions | undefined): string {
  const glossary = options?.protect?.glossary;
  if (!glossary || glossary.length === 0) return '';
  const words = [...new Set(glossary.map((word) => word.trim().toLocaleLowerCase()))].sort();
  return digest(words.join('\u0000'));
}

/**
 * Remembers successful translations by engine, pair, the sender's glossary and a hash of the text (keys stay small
 * whatever the message length); failures are never cached, so a recovered engine is used again —
 * except an `unreliable` answer, which the same engine gives again for the same text (history
 * pages then do not run the same refused chain on every load).
 */
export class CachedTranslator implements Translator {
  private readonly cache: LruCache<TranslationResult | UnreliableTranslationError>;
  hits = 0;
  misses = 0;

  constructor(
    readonly inner: Translator,
    maxEntries = DEFAULT_TRANSLATION_CACHE_ENTRIES,
  ) {
    this.cache = new LruCache(maxEntries);
  }

  get engine(): string {
    return this.inner.engine;
  }

  get size(): number {
    return this.cache.size;
  }

  capabilities(): Promise<TranslatorCapabilities> {
    return this.inner.capabilities();
  }

  async translate(
    text: string,
    from: string,
    to: string,
    options?: TranslateOptions,
  ): Promise<TranslationResult> {
    const key = `${this.inner.engine}\u0000${from}\u0000${to}\u0000${digest(text)}\u0000${glossaryKey(options)}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.hits += 1;
      if (cached instanceof UnreliableTranslationError) throw cached;
      return cached;
    }
    this.misses += 1;
    try {
      const result = await this.inner.translate(text, from, to, options);
      this.cache.set(key, result);
      return result;
    } catch (error) {
      if (error instanceof UnreliableTranslationError) this.cache.set(key, error);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
