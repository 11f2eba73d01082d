/**
 * Visual regression for every story: after a story's play function passes, the page is compared
 * with its committed baseline (storybook/__screenshots__/<file>/<story>.png) in Debian Chromium at
 * a fixed window size, with the fonts the ui ships (theme/private/fontFaces.ts) and every animation
 * off (.storybook/preview.css).
 * A difference beyond the small tolerance in vitest.config.ts fails the test and writes the diff
 * image to packages/ui/.visual-diffs/. Update baselines on purpose with `pnpm test:visual:update`.
 *
 * The chat themes and right-to-left are covered by the stories that set them (each themed
 * component has a story per chat theme and an RTL story), so each picture is taken once.
 */
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

const enabled = import.meta.env.VITE_PARLEY_VISUAL !== 'off';

/**
 * Stories whose picture is not repeatable, by file and story name: each still runs its play
 * function and axe check. Virtualised lists end their play functions mid-scroll (a sub-pixel scroll
 * offset differs from run to run), and a few stories end while a notice is still appearing.
 */
const NOT_PICTURED = new Set([
  'ChatScreen.stories.tsx > Loads Older History',
  'ChatScreen.stories.tsx > Socket Rejected',
  'OrgMembers.stories.tsx > Removes A Member',
  'MessageList.stories.tsx > Keeps Position When Messages Arrive',
]);

afterEach(async ({ task }) => {
  if (!enabled || task.result?.state === 'fail') return;
  const file = task.file?.name.split('/').pop() ?? '';
  if (NOT_PICTURED.has(`${file} > ${task.name}`)) return;
  await document.fonts.ready;
  const name = task.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  await expect(page.elementLocator(document.body)).toMatchScreenshot(name);
});
