import { CORRECTION_MESSAGES, type Correction, MAX_SUGGESTED_WORDS } from './corrector.js';
import type { SpellCheckRequest, SpellVerdicts } from './spellWorker.js';
import { rankSuggestions } from './suggestionRanking.js';
import { wordTokens } from './wordTokens.js';

/**
 * A dictionary engine's check of `text` (nspell's threads and Hunspell's processes alike): the
 * distinct words go to `judge` once each, and every occurrence of a misspelt one becomes a
 * correction, its candidates ranked as typing slips, curly apostrophes kept as written.
 */
export async function spellCorrections(
  text: string,
  judge: (request: Pick<SpellCheckRequest, 'words' | 'suggestLimit'>) => Promise<SpellVerdicts>,
): Promise<Correction[]> {
  const tokens = wordTokens(text);
  if (tokens.length === 0) return [];
  const distinct = [...new Set(tokens.map((token) => token.normalized))];
  const misspelt = await judge({ words: distinct, suggestLimit: MAX_SUGGESTED_WORDS });
  const corrections: Correction[] = [];
  for (const token of tokens) {
    const candidates = misspelt.get(token.normalized);
    if (!candidates) continue;
    const curly = token.text.includes('’');
    corrections.push({
      offset: token.offset,
      length: token.text.length,
      word: token.text,
      message: CORRECTION_MESSAGES.misspelling,
      replacements: rankSuggestions(token.normalized, candidates).map((replacement) =>
        curly ? replacement.replaceAll("'", '’') : replacement,
      ),
    });
  }
  return corrections;
}
