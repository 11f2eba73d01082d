// Kept apart from strings.ts: the words issue 27 added (the interface-language picker) and the ones
// found hard-coded in components when the interface learnt other languages.
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of the interface's own language and of formerly hard-coded labels (English source). */
export const LOCALE_SOURCE = {
  /** The interface-language picker (Settings and the signed-out pages' switcher). */
  interfaceLanguagePicker: {
    label: 'Interface language',
    /** The signed-out pages' compact switcher: its accessible name. */
    compactLabel: 'Language',
    /** Follow the chat language, else the browser's languages. */
    automatic: 'Automatic',
    hint: 'The language of buttons and menus. Automatic follows your chat language, else your browser.',
  },
  /** The landing page's links to the legal pages. */
  landing: {
    legalNav: 'Legal',
  },
  /** The chat themes' names as the picker shows them (spec §2: classic, light, ocean). */
  themePicker: {
    default: 'Classic',
    light: 'Light',
    blue: 'Ocean',
  },
  /** Who reacted with an emoji, as a hover title ('Ana, Bo'). */
  reactionChips: {
    reactedBy: icu('{names}', (names: readonly string[]) => ({ names })),
  },
} as const;

export const LOCALE_STRINGS = localize('ui.locale', LOCALE_SOURCE, uiCatalog());
