/**
 * Accent folding for message search, the same as the database's `message_search_fold`
 * (migration 0021; test/messageSearchPolish.test.ts checks they agree): a text with any letter
 * beyond ASCII is decomposed (NFD), its combining diacritical marks (U+0300–U+036F) dropped and
 * recomposed (NFC), and the letters with a stroke that do not decompose are replaced. So 'cafe'
 * finds 'café', 'manana' finds 'mañana', 'Ελλαδα' finds 'Ελλάδα'.
 *
 * For text in NFC (what clients send) every letter stays one letter, so a word marked in the
 * folded text sits at the same offsets of the text the reader sees (searchHighlight.ts). Why not
 * PostgreSQL's `unaccent`: it changes lengths ('ß' → 'ss', 'æ' → 'ae') and PGlite would have to
 * load the extension on every open (backups and restores included).
 */
const STROKED = 'øØđĐłŁħĦŧŦı';
const UNSTROKED = 'oOdDlLhHtTi';
const STROKES: ReadonlyMap<string, string> = new Map(
  [...STROKED].map((char, index) => [char, UNSTROKED[index] ?? char]),
);

/** The text with its accents folded, as `message_search_fold` folds it. */
export function foldAccents(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point.
  if (!/[^\u0000-\u007f]/.test(text)) return text;
  const bare = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
  let folded = '';
  for (const char of bare) folded += STROKES.get(char) ?? char;
  return folded;
}
