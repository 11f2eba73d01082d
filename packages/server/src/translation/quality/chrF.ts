/**
 * chrF (Popović 2015), as sacreBLEU computes it by default: character n-grams of orders 1..6 with
 * whitespace removed, precision and recall averaged over the orders both sides have n-grams
 * of, then the F-score with beta 2 (recall weighs four times precision), 0..100. Used by the
 * translation quality bench (issue 26) to compare engines, and the protection step against the
 * raw engine, on packages/server/bench/translation-set/.
 *
 * Corpus chrF sums the n-gram counts of every sentence before scoring (sacreBLEU's corpus_score),
 * so a long sentence weighs more than a short one; it is not the mean of sentence scores.
 */

export const CHRF_ORDER = 6;
export const CHRF_BETA = 2;

/** Per order n (index n-1): n-grams in the hypothesis, in the reference, and shared. */
export interface ChrFStatistics {
  hypothesis: number[];
  reference: number[];
  matches: number[];
}

/** Code points, so an emoji or an accented letter is one character as in Python. */
function characters(text: string): string[] {
  return Array.from(text.replace(/\s+/gu, ''));
}

function nGramCounts(chars: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let at = 0; at + n <= chars.length; at += 1) {
    const gram = chars.slice(at, at + n).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

export function emptyChrFStatistics(): ChrFStatistics {
  return {
    hypothesis: new Array<number>(CHRF_ORDER).fill(0),
    reference: new Array<number>(CHRF_ORDER).fill(0),
    matches: new Array<number>(CHRF_ORDER).fill(0),
  };
}

/** The n-gram counts of one hypothesis against its reference. */
export function chrFStatistics(hypothesis: string, reference: string): ChrFStatistics {
  const stats = emptyChrFStatistics();
  const hyp = characters(hypothesis);
  const ref = characters(reference);
  for (let n = 1; n <= CHRF_ORDER; n += 1) {
    const hypGrams = nGramCounts(hyp, n);
    const refGrams = nGramCounts(ref, n);
    let matches = 0;
    for (const [gram, count] of hypGrams) matches += Math.min(count, refGrams.get(gram) ?? 0);
    stats.hypothesis[n - 1] = Math.max(0, hyp.length - n + 1);
    stats.reference[n - 1] = Math.max(0, ref.length - n + 1);
    stats.matches[n - 1] = matches;
  }
  return stats;
}

/** `into` plus `more`, in place (corpus statistics are the sum of the sentences'). */
export function addChrFStatistics(into: ChrFStatistics, more: ChrFStatistics): ChrFStatistics {
  for (let i = 0; i < CHRF_ORDER; i += 1) {
    into.hypothesis[i] = (into.hypothesis[i] ?? 0) + (more.hypothesis[i] ?? 0);
    into.reference[i] = (into.reference[i] ?? 0) + (more.reference[i] ?? 0);
    into.matches[i] = (into.matches[i] ?? 0) + (more.matches[i] ?? 0);
  }
  return into;
}

/** The score (0..100) of summed statistics. */
export function chrFScore(stats: ChrFStatistics, beta = CHRF_BETA): number {
  let precision = 0;
  let recall = 0;
  let orders = 0;
  for (let i = 0; i < CHRF_ORDER; i += 1) {
    const hyp = stats.hypothesis[i] ?? 0;
    const ref = stats.reference[i] ?? 0;
    // An order one side is too short for says nothing (sacreBLEU's "effective order").
    if (hyp === 0 || ref === 0) continue;
    const matches = stats.matches[i] ?? 0;
    precision += matches / hyp;
    recall += matches / ref;
    orders += 1;
  }
  if (orders === 0) return 0;
  precision /= orders;
  recall /= orders;
  if (precision + recall === 0) return 0;
  const factor = beta * beta;
  return (100 * ((1 + factor) * precision * recall)) / (factor * precision + recall);
}

/** Sentence chrF. */
export function sentenceChrF(hypothesis: string, reference: string): number {
  return chrFScore(chrFStatistics(hypothesis, reference));
}

/** Corpus chrF: pairs of [hypothesis, reference]. */
export function corpusChrF(pairs: Iterable<readonly [string, string]>): number {
  const total = emptyChrFStatistics();
  for (const [hypothesis, reference] of pairs) {
    addChrFStatistics(total, chrFStatistics(hypothesis, reference));
  }
  return chrFScore(total);
}
