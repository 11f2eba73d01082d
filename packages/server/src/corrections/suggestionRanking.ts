import { MAX_REPLACEMENTS } from './corrector.js';

// Typing slips are not all alike: swapped neighbours ("teh") and a dropped apostrophe ("dont")
// are far more common than a wrong letter, so is a missing accent on a keyboard without it
// ("tres" → "très"), and a case change alone is barely a mistake. nspell
// lists its candidates alphabetically within a class, so without this "teh" offers "ten" first.
const COST = {
  edit: 1,
  transposition: 0.5,
  apostrophe: 0.25,
  accent: 0.25,
  caseOnly: 0.1,
} as const;

/** The letter without its accents, lower case: 'É' → 'e'. */
function baseLetter(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function isApostrophe(char: string | undefined): boolean {
  return char === "'" || char === '’';
}

/** Damerau–Levenshtein (optimal string alignment) with the weights above, over code points. */
export function typingDistance(from: string, to: string): number {
  const a = [...from];
  const b = [...to];
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  const at = (i: number, j: number) => d[i * cols + j] as number;
  const insertCost = (char: string | undefined) =>
    isApostrophe(char) ? COST.apostrophe : COST.edit;
  for (let i = 1; i < rows; i += 1) d[i * cols] = at(i - 1, 0) + insertCost(a[i - 1]);
  for (let j = 1; j < cols; j += 1) d[j] = at(0, j - 1) + insertCost(b[j - 1]);
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const x = a[i - 1] as string;
      const y = b[j - 1] as string;
      let substitution: number = COST.edit;
      if (x === y) substitution = 0;
      else if (x.toLowerCase() === y.toLowerCase()) substitution = COST.caseOnly;
      else if (baseLetter(x) === baseLetter(y)) substitution = COST.accent;
      let best = Math.min(
        at(i - 1, j) + insertCost(x),
        at(i, j - 1) + insertCost(y),
        at(i - 1, j - 1) + substitution,
      );
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) {
        best = Math.min(best, at(i - 2, j - 2) + COST.transposition);
      }
      d[i * cols + j] = best;
    }
  }
  return at(rows - 1, cols - 1);
}

/**
 * The engine's candidates, closest typing slip first, at most `limit`. Ties keep the engine's
 * order; a candidate that keeps the first letter wins a tie, since writers rarely miss it.
 */
export function rankSuggestions(
  word: string,
  candidates: readonly string[],
  limit = MAX_REPLACEMENTS,
): string[] {
  const first = [...word][0]?.toLowerCase();
  return [...new Set(candidates)]
    .filter((candidate) => candidate !== word)
    .map((candidate, index) => ({
      candidate,
      index,
      distance: typingDistance(word, candidate),
      sameStart: [...candidate][0]?.toLowerCase() === first ? 0 : 1,
    }))
    .sort((x, y) => x.distance - y.distance || x.sameStart - y.sameStart || x.index - y.index)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
