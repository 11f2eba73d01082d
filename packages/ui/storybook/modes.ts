import { CHAT_THEME_NAMES } from '@parley/chat-sdk';
import { localeDirection } from '@parley/chat-sdk/i18n';

/**
 * Chromatic modes: every story is snapshotted in each chat theme at mobile and desktop width
 * (6 modes), and in Arabic (right to left) and Spanish in the default theme at both widths (issue
 * 27: 4 more). A mode sets the same globals the toolbar sets (the preview's decorator lays the story
 * out at that width and the locale loader switches the words), so what Chromatic shows is what a
 * designer picks here.
 */
export const chromaticModes = Object.fromEntries([
  ...CHAT_THEME_NAMES.flatMap((chatTheme) =>
    (['mobile', 'desktop'] as const).map((viewportSize) => [
      `${chatTheme} ${viewportSize}`,
      { chatTheme, viewportSize, direction: 'ltr', locale: 'en' },
    ]),
  ),
  ...(['ar', 'es'] as const).flatMap((locale) =>
    (['mobile', 'desktop'] as const).map((viewportSize) => [
      `${locale} ${viewportSize}`,
      { chatTheme: 'default', viewportSize, direction: localeDirection(locale), locale },
    ]),
  ),
]);
