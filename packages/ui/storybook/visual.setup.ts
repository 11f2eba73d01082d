/**
 * Visual regression for every story: after a story's play function passes, the page is compared
 * with its committed baseline (storybook/__screenshots__/<file>/<story>.png) in Debian Chromium at
 * a fixed window size, with the fonts from @fontsource and every animation off (.storybook/preview.css).
 * A difference beyond the small tolerance in vitest.config.ts fails the test and writes the diff
 * image to packages/ui/.visual-diffs/. Update baselines on purpose with `pnpm test:visual:update`.
 *
 * The chat themes and right-to-left are covered by the stories that set them (each themed
 * component has a story per chat theme and an RTL story), so each picture is taken once.
 */
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

const enabled = import.meta.env.VITE_PARLEY_VISUAL !== 'off';

afterEach(async ({ task }) => {
  if (!enabled || task.result?.state === 'fail') return;
  await document.fonts.ready;
  const name = task.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  await expect(page.elementLocator(document.body)).toMatchScreenshot(name);
});
