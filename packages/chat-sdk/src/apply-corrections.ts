import type { Correction } from './protocol/corrections';

/** The flagged text still sits where the check found it (the draft may have changed since). */
function stillApplies(text: string, correction: Correction): boolean {
  const { offset, length } = correction;
  if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0)
    return false;
  if (offset + length > text.length) return false;
  return text.slice(offset, offset + length) === correction.word;
}

/** Replaces one flagged word with `replacement`; the text is unchanged if the word moved. */
export function applyCorrection(text: string, correction: Correction, replacement: string): string {
  if (!stillApplies(text, correction)) return text;
  return (
    text.slice(0, correction.offset) +
    replacement +
    text.slice(correction.offset + correction.length)
  );
}

/**
 * Auto-correct: the first replacement of each correction, applied right to left so earlier
 * offsets stay valid. Corrections without replacements, overlapping an earlier one, or whose
 * word is no longer at its offset are skipped.
 */
export function applyCorrections(text: string, corrections: readonly Correction[]): string {
  const usable = corrections
    .filter((correction) => correction.replacements.length > 0 && stillApplies(text, correction))
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
  const chosen: Correction[] = [];
  let end = -1;
  for (const correction of usable) {
    if (correction.offset < end) continue;
    chosen.push(correction);
    end = correction.offset + Math.max(correction.length, 1);
  }
  let result = text;
  for (const correction of chosen.reverse()) {
    result =
      result.slice(0, correction.offset) +
      (correction.replacements[0] as string) +
      result.slice(correction.offset + correction.length);
  }
  return result;
}
