import type { TranslationPair } from './translator.js';

/** Pivot languages tried in this order when no direct pair exists. */
export const PIVOT_LANGUAGES = ['en', 'es'] as const;

export type TranslationRoute = { kind: 'direct' } | { kind: 'pivot'; via: string };

function pairKey(from: string, to: string): string {
  return `${from}>${to}`;
}

/**
 * The pairs an engine offers: its direct pairs plus every pair reachable through one pivot
 * (English, then Spanish) when both legs are direct.
 */
export class TranslationPairs {
  private readonly direct: Set<string>;
  private readonly routes = new Map<string, TranslationRoute>();
  readonly pairs: TranslationPair[] = [];

  constructor(directPairs: ReadonlyArray<{ from: string; to: string }>) {
    this.direct = new Set(directPairs.map((pair) => pairKey(pair.from, pair.to)));
    const languages = new Set<string>();
    for (const pair of directPairs) {
      if (pair.from === pair.to || this.routes.has(pairKey(pair.from, pair.to))) continue;
      languages.add(pair.from).add(pair.to);
      this.routes.set(pairKey(pair.from, pair.to), { kind: 'direct' });
      this.pairs.push({ from: pair.from, to: pair.to });
    }
    for (const from of languages) {
      for (const to of languages) {
        if (from === to || this.routes.has(pairKey(from, to))) continue;
        const via = PIVOT_LANGUAGES.find(
          (pivot) =>
            pivot !== from &&
            pivot !== to &&
            this.direct.has(pairKey(from, pivot)) &&
            this.direct.has(pairKey(pivot, to)),
        );
        if (via === undefined) continue;
        this.routes.set(pairKey(from, to), { kind: 'pivot', via });
        this.pairs.push({ from, to, via });
      }
    }
  }

  route(from: string, to: string): TranslationRoute | undefined {
    return this.routes.get(pairKey(from, to));
  }
}
