import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { MAX_PICTURE_HEIGHT } from './storybook/pictureSize';

const dirname = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dirname, '../..');

// Every story is a test: the plugin reads .storybook/main.ts (including viteFinal, which adds
// vanilla-extract and the chat-sdk alias) and runs play functions plus a11y checks in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        test: {
          name: 'storybook',
          testTimeout: 20_000,
          // Two story files at a time, each in a page of its own (Vitest's default on two cores is
          // one): a story mostly waits on its mock server, fonts and pictures. A picture is taken
          // only once the story has settled (visual.setup.ts), so it does not depend on the pace.
          maxWorkers: 2,
          // Projects with different worker counts run one after the other: the catalog check first.
          sequence: { groupOrder: 1 },
          setupFiles: ['./storybook/visual.setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            // A fixed window: the desktop viewport unless a story picks the phone or tablet one
            // (`globals.viewport`, applied by Storybook's Vitest plugin; the preview's default is
            // desktop too).
            viewport: { width: 1280, height: 800 },
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                // Exact apart from anti-aliasing: pixelmatch ignores anti-aliased pixels and any
                // other pixel that differs (threshold 0.1 of colour distance) fails the picture.
                comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 0 },
                // Baselines are taken in Debian Chromium only, so no browser/platform suffix.
                resolveScreenshotPath: ({ arg, ext, testFileName }) =>
                  path.join(dirname, 'storybook/__screenshots__', testFileName, `${arg}${ext}`),
                resolveDiffPath: ({ arg, ext, testFileName }) =>
                  path.join(dirname, '.visual-diffs', testFileName, `${arg}${ext}`),
              },
            },
            provider: playwright({
              // The page around the story's frame is larger than any picture, so the frame is
              // never scaled down (pictures are 1:1) and a story taller than its window can be
              // pictured whole (storybook/visual.setup.ts grows the frame to the page's height).
              contextOptions: { viewport: { width: 1400, height: MAX_PICTURE_HEIGHT + 100 } },
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        // Node tests of what has no picture: the catalog's check (issue 27).
        // It compiles every message of every locale (about 9,000): 5 s timed out once in CI while
        // the stories ran beside it, so it gets a minute (it now runs first, before the stories).
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
