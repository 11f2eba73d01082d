import notoSansRanges from '@fontsource/noto-sans/unicode.json';
import notoSansArabicRanges from '@fontsource/noto-sans-arabic/unicode.json';
import { globalFontFace } from '@vanilla-extract/css';

/**
 * The web fonts the theme names first (tokens/fonts.ts), shipped inside @parley/ui's stylesheet so
 * a partner's page renders with the same glyphs as Storybook and the visual baselines. The woff2
 * files come from @fontsource at build time (a devDependency: the build copies them into
 * dist/fonts, so a partner installs nothing more) and each face keeps fontsource's `unicode-range`,
 * so a browser downloads only the subsets the text on the page uses.
 *
 * Weights: those the tokens use (Arabic has no 500; the browser picks 400, as it always has).
 * Subsets: the scripts of the sdk's language list that these families cover. Noto Sans drops
 * greek-ext (polytonic Greek, which no listed language writes); Noto Sans Arabic drops its latin
 * and latin-ext copies, which have exactly Noto Sans's ranges and sit after it in the stack, but
 * keeps math and symbols, which draw the interface's own arrows, ellipses and pictographs.
 * Only normal style: italics are synthesised, as they always have been.
 */
const SHIPPED_FONTS = [
  {
    family: 'Noto Sans',
    fontsource: 'noto-sans',
    ranges: notoSansRanges,
    weights: [400, 500, 700],
    subsets: [
      'cyrillic-ext',
      'cyrillic',
      'devanagari',
      'greek',
      'vietnamese',
      'latin-ext',
      'latin',
    ],
  },
  {
    family: 'Noto Sans Arabic',
    fontsource: 'noto-sans-arabic',
    ranges: notoSansArabicRanges,
    weights: [400, 700],
    subsets: ['arabic', 'math', 'symbols'],
  },
] as const;

/**
 * Noto Sans's Latin faces, regular weight, under a family of its own: the same
 * files, so nothing more is downloaded. A browser measures a closed native select with every
 * option's text in the select's font, so the interface-language picker, which names Arabic and
 * Hindi in their own scripts, made every signed-out page download Noto Sans Arabic and Noto Sans
 * Devanagari (92 kB, more than the page's JavaScript) for a list nobody had opened. The picker
 * uses this family until it is reached for (InterfaceLanguagePicker.tsx), so names in other
 * scripts are measured with the system's fonts meanwhile; reached for, it takes the body stack.
 */
export const LATIN_ONLY_FAMILY = 'Parley Latin';
/** The interface's Latin-script locales (en, es, fr, pt, de, it, ca) need no other subset. */
const LATIN_ONLY_SUBSETS: readonly string[] = ['latin-ext', 'latin'];

/**
 * Declares every shipped face. Called from baseTheme.css.ts, so the rules land in the compiled
 * stylesheet (`@parley/ui/styles.css`) and in Storybook through the same vanilla-extract path.
 * Faces follow fontsource's own order: where two subsets' ranges overlap, the later one wins.
 */
export function declareShippedFontFaces(): void {
  for (const font of SHIPPED_FONTS) {
    const wanted: readonly string[] = font.subsets;
    for (const weight of font.weights) {
      for (const [subset, unicodeRange] of Object.entries(font.ranges)) {
        if (!wanted.includes(subset)) continue;
        const file = `@fontsource/${font.fontsource}/files/${font.fontsource}-${subset}-${weight}-normal.woff2`;
        globalFontFace(`"${font.family}"`, {
          src: `url("${file}") format("woff2")`,
          fontWeight: weight,
          fontStyle: 'normal',
          fontDisplay: 'swap',
          unicodeRange,
        });
        if (font.family === 'Noto Sans' && weight === 400 && LATIN_ONLY_SUBSETS.includes(subset)) {
          globalFontFace(`"${LATIN_ONLY_FAMILY}"`, {
            src: `url("${file}") format("woff2")`,
            fontWeight: weight,
            fontStyle: 'normal',
            fontDisplay: 'swap',
            unicodeRange,
          });
        }
      }
    }
  }
}
