import { CHAT_THEME_NAMES } from '@parley/chat-sdk';
import { STORY_VIEWPORTS } from './viewports';

/**
 * Chromatic modes: every story is snapshotted in each chat theme at mobile and desktop width. A mode
 * sets the same globals the toolbar sets, so what Chromatic shows is what a designer picks here.
 */
export const chromaticModes = Object.fromEntries(
  CHAT_THEME_NAMES.flatMap((chatTheme) =>
    (['mobile', 'desktop'] as const).map((viewportSize) => [
      `${chatTheme} ${viewportSize}`,
      { chatTheme, viewportSize, direction: 'ltr' },
    ]),
  ),
);

/** The window Chromatic renders each viewport in. */
export const chromaticViewports = [STORY_VIEWPORTS.mobile.width, STORY_VIEWPORTS.desktop.width];
