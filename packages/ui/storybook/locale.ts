/**
 * The toolbar's interface locale (issue 27), Storybook-only: each story is rendered in the locale
 * the toolbar (or a story's `globals.locale`, or a Chromatic mode) names, switched by a loader
 * before the story renders, exactly as an app switches with setInterfaceLocale. 'pseudo' is not an
 * interface locale: it is English made longer and accented (see pseudoMessages), for finding text
 * that is clipped or glued together from pieces.
 */
import {
  INTERFACE_LOCALE_NAMES,
  INTERFACE_LOCALES,
  type InterfaceLocale,
  interfaceI18n,
  isInterfaceLocale,
  localeDirection,
  setInterfaceLocale,
} from '@parley/chat-sdk/i18n';
import type { Loader } from '@storybook/react-vite';
import { messages as sdkCompiledEnglish } from '../../chat-sdk/src/i18n/compiled/en';
import sdkEnglish from '../../chat-sdk/src/i18n/messages/en.json';
import { messages as uiCompiledEnglish } from '../src/i18n/compiled/en';
import uiEnglish from '../src/i18n/messages/en.json';

export const PSEUDO_LOCALE = 'pseudo';
/** The BCP 47 private-use tag pseudo-localised text is activated under. */
const PSEUDO_TAG = 'en-XA';
export type StoryLocale = InterfaceLocale | typeof PSEUDO_LOCALE;

export const LOCALE_TOOLBAR_ITEMS = [
  ...INTERFACE_LOCALES.map((locale) => ({
    value: locale,
    title: `${INTERFACE_LOCALE_NAMES[locale]} (${locale})`,
    right: localeDirection(locale) === 'rtl' ? 'RTL' : undefined,
  })),
  { value: PSEUDO_LOCALE, title: 'Pseudo-localised (longer, accented)' },
];

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
const VOWELS = new Set('aeiouAEIOU');

/**
 * One run of text, pseudo-localised: every letter accented and every vowel doubled, which makes
 * English about a third longer, as Spanish or German often is.
 */
export function pseudoText(text: string): string {
  let out = '';
  for (const char of text) {
    const accented = ACCENTED[char] ?? char;
    out += VOWELS.has(char) ? accented + accented : accented;
  }
  return out;
}

type Token = string | [string, string?, Record<string, Token[]>?];

/**
 * A compiled message pseudo-localised: only its text is changed; placeholders (`['name']`), plural
 * and select keywords and the plural's '#' stay as they are, so the message still formats.
 */
function pseudoTokens(tokens: readonly Token[]): Token[] {
  return tokens.map((token) => {
    if (typeof token === 'string') return token === '#' ? token : pseudoText(token);
    const [name, kind, branches] = token;
    if (!branches) return token;
    const out: Record<string, Token[]> = {};
    for (const [key, branch] of Object.entries(branches)) out[key] = pseudoTokens(branch);
    return [name, kind, out];
  });
}

/**
 * Every ui and sdk message pseudo-localised, from the English catalogs: the compiled form of a
 * message with placeholders, the plain English of the others. Brackets mark each message's ends,
 * so a clipped message lacks its '⟧' and two messages glued into a sentence show '⟧ ⟦'.
 */
export function pseudoMessages(): Record<string, string | Token[]> {
  const compiled = { ...sdkCompiledEnglish, ...uiCompiledEnglish } as Record<string, Token[]>;
  const english = { ...sdkEnglish, ...uiEnglish } as Record<string, string>;
  const out: Record<string, string | Token[]> = {};
  for (const [id, message] of Object.entries(english)) {
    const tokens = compiled[id];
    out[id] = tokens ? ['⟦', ...pseudoTokens(tokens), '⟧'] : `⟦${pseudoText(message)}⟧`;
  }
  return out;
}

/** The story's locale from its globals ('en' when unset or unknown). */
export function storyLocale(globals: Record<string, unknown>): StoryLocale {
  const locale = globals.locale;
  return locale === PSEUDO_LOCALE || isInterfaceLocale(locale) ? locale : 'en';
}

/** `lang` of the story's box: the locale's tag (pseudo text is English underneath). */
export function storyLang(locale: StoryLocale): string {
  return locale === PSEUDO_LOCALE ? PSEUDO_TAG : locale;
}

/**
 * Switches the interface to the story's locale before it renders. Pseudo: English first (so every
 * catalog's English is in), then the pseudo messages activated under 'en-XA'; the sdk's
 * `interfaceLocale()` still says 'en', so dates are English, as pseudo text is.
 */
export const interfaceLocaleLoader: Loader = async ({ globals }) => {
  const locale = storyLocale(globals);
  if (locale === PSEUDO_LOCALE) {
    await setInterfaceLocale('en');
    interfaceI18n.load(PSEUDO_TAG, pseudoMessages() as never);
    interfaceI18n.activate(PSEUDO_TAG);
  } else {
    await setInterfaceLocale(locale);
  }
  return {};
};
