import { CHAT_THEME_NAMES } from '@parley/chat-sdk';

/**
 * Chromatic modes: every story is snapshotted in each chat theme at mobile and desktop width
 * (6 modes). A mode sets the same globals the toolbar sets (the preview's decorator lays the story
 * out at that width), so what Chromatic shows is what a designer picks here.
 */
export const chromaticModes = Object.fromEntries(
  CHAT_THEME_NAMES.flatMap((chatTheme) =>
    (['mobile', 'desktop'] as const).map((viewportSize) => [
      `${chatTheme} ${viewportSize}`,
      { chatTheme, viewportSize, direction: 'ltr' },
    ]),
  ),
);
