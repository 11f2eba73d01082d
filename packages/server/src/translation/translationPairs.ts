import { planTranslationRoutes, type TranslationDirection } from '@parley/chat-sdk';
import type { TranslationPair } from './translator.js';

/** How the engine gets from one language to another: by itself, or through pivot languages. */
export type TranslationRoute = { kind: 'direct' } | { kind: 'pivot'; via: string[] };

function pairKey(from: string, to: string): string {
  return `${from}>${to}`;
}

/**
 * The routes through an engine's directions, by the sdk's rule (`planTranslationRoutes`: direct,
 * else the shortest chain of at most two pivots through the best-known pivots), computed once
 * when the engine reports its directions.
 */
export class TranslationPairs {
  private readonly routes = new Map<string, TranslationRoute>();
  readonly pairs: TranslationPair[];

  constructor(directions: readonly TranslationDirection[]) {
    this.pairs = planTranslationRoutes(directions);
    for (const pair of this.pairs) {
      this.routes.set(
        pairKey(pair.from, pair.to),
        pair.via ? { kind: 'pivot', via: pair.via } : { kind: 'direct' },
      );
    }
  }

  route(from: string, to: string): TranslationRoute | undefined {
    return this.routes.get(pairKey(from, to));
  }
}
