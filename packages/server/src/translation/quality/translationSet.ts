import { type ProtectedWords, shieldText } from '../protectedText.js';

/**
 * The translation quality set (packages/server/bench/translation-set/, issue 26): one file per
 * direction named `<source>-<target>.tsv`, each non-empty line `source<TAB>reference`, lines
 * starting with `#` are comments (`# greetings` groups the lines below it). The reference keeps
 * every protected token of its source byte for byte.
 */

export interface TranslationSetLine {
  source: string;
  reference: string;
  /** The last `# …` comment above the line (its group), '' before any. */
  category: string;
  /** 1-based, for messages about the file. */
  lineNumber: number;
}

export interface TranslationSetFile {
  from: string;
  to: string;
  lines: TranslationSetLine[];
  /** People's names the file declares with `# names: Ana, Tomás` besides SET_NAMES. */
  names: string[];
}

/**
 * The people the sentences talk about, passed to the shield as the conversation's names (as the
 * server passes the room's members). A file may add its own with a `# names: …` comment.
 */
export const SET_NAMES: readonly string[] = [
  'Ana',
  'Tomás',
  'María',
  'Lucas',
  'Pedro',
  'Emma',
  'Noah',
  'Sofía',
  'Carlos',
  'Laura',
  'Diego',
  'Marta',
  'Hugo',
  'Javier',
  'Elena',
  'Daniel',
  'Lucía',
  'Pablo',
  'Carmen',
  'Paula',
  'Léa',
  'Julien',
  'Camille',
  'Louis',
  'Pierre',
  'Chloé',
  'Manon',
  'Inès',
  'Sophie',
  'Marc',
  'João',
  'Inês',
  'Beatriz',
  'Rafael',
  'Miguel',
  'Tiago',
  'Rita',
  'Catarina',
  'Mariana',
  'Giulia',
  'Marco',
  'Luca',
  'Matteo',
  'Chiara',
  'Francesca',
  'Giorgio',
  'Lorenzo',
  'Martina',
  'Jordi',
  'Núria',
  'Pau',
  'Laia',
  'Arnau',
  'Montse',
  'Oriol',
  'Mireia',
  'Quim',
  'Xavi',
  'Gemma',
  'Berta',
  'Carles',
  'Jan',
  'Paulo',
  'Fernanda',
  'Thiago',
  'Camila',
  'Gabriel',
  'Rui',
  'Bruno',
  'Maria',
  'Carla',
  'Clara',
  'Federica',
  'Alessandro',
  'Davide',
  'Simone',
  'Roberto',
  'Paola',
  'Sam',
  'Ben',
  'Tom',
  'Kate',
  'Olivia',
  'Liam',
  'Sofia',
  'Anna',
  'Alex',
];

const FILE_NAME = /^([a-z]{2,3})-([a-z]{2,3})\.tsv$/;
const NAMES_COMMENT = /^#\s*names:\s*(.*)$/i;

/** The direction a file name stands for, or null for anything else in the folder. */
export function translationSetDirection(fileName: string): { from: string; to: string } | null {
  const match = FILE_NAME.exec(fileName);
  return match ? { from: match[1] as string, to: match[2] as string } : null;
}

/** One file's text; throws on a line that is neither a comment nor `source<TAB>reference`. */
export function parseTranslationSet(fileName: string, text: string): TranslationSetFile {
  const direction = translationSetDirection(fileName);
  if (!direction) throw new Error(`${fileName}: not named <source>-<target>.tsv`);
  const lines: TranslationSetLine[] = [];
  const names: string[] = [];
  let category = '';
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('#')) {
      const declared = NAMES_COMMENT.exec(line);
      if (declared) names.push(...(declared[1] ?? '').split(',').map((n) => n.trim()));
      else category = line.slice(1).trim();
      return;
    }
    const cells = raw.split('\t');
    const source = cells[0]?.trim() ?? '';
    const reference = cells[1]?.trim() ?? '';
    if (cells.length !== 2 || source === '' || reference === '') {
      throw new Error(`${fileName}:${index + 1}: expected source<TAB>reference`);
    }
    lines.push({ source, reference, category, lineNumber: index + 1 });
  });
  return { ...direction, lines, names: names.filter((n) => n !== '') };
}

/** What the shield protects in a sentence of this file. */
export function setProtectedWords(file: TranslationSetFile): ProtectedWords {
  return { names: [...SET_NAMES, ...file.names] };
}

/** The tokens of `source` that must come back byte for byte (the shield's own finding). */
export function protectedTokens(source: string, words: ProtectedWords): string[] {
  return shieldText(source, words).tokens;
}

/** How many of `tokens` appear in `output` byte for byte (a token twice must be there twice). */
export function tokensKept(tokens: readonly string[], output: string): number {
  const wanted = new Map<string, number>();
  for (const token of tokens) wanted.set(token, (wanted.get(token) ?? 0) + 1);
  let kept = 0;
  for (const [token, count] of wanted) {
    kept += Math.min(count, output.split(token).length - 1);
  }
  return kept;
}
