import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { MAX_PICTURE_HEIGHT } from './storybook/pictureSize';

const dirname = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dirname, '../..');

/**
 * Story files that test what a fresh page does the first time (which fonts it downloads before the
 * language picker is reached for): each gets a page of its own, as a visitor's first page is.
 */
const FRESH_PAGE = [
  'src/components/InterfaceLanguagePicker/InterfaceLanguagePicker.stories.tsx',
  'src/screens/SignIn/SignInLanguageSwitcher.stories.tsx',
];

/** Every story file under src/, relative to this package (as FRESH_PAGE names them). */
function storyFiles(dir = 'src'): string[] {
  return readdirSync(path.join(dirname, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return storyFiles(file);
    return entry.name.endsWith('.stories.tsx') ? [file] : [];
  });
}

/**
 * Every story as a test in Chromium. Story files share their worker's page (`isolate: false`)
 * rather than each loading a fresh one: a fresh page re-imports the preview, the mock server and
 * every module a file needs (about 2.3 s a file, 120 files: ~3 of the suite's ~9 minutes). Each
 * story still renders from scratch; what a file could leave behind (the interface language) is
 * reset in storybook/visual.setup.ts, and test/wordsAtRender.test.ts keeps components from reading
 * words at import. The files in FRESH_PAGE get a fresh page each.
 */
function storybookProject(name: string, freshPage: boolean): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
    test: {
      name,
      testTimeout: 20_000,
      // Two story files at a time (Vitest's default on two cores is one): a story mostly waits
      // on its mock server, fonts and pictures. A picture is taken only once the story has
      // settled (visual.setup.ts), so it does not depend on the pace.
      maxWorkers: 2,
      isolate: freshPage,
      // Storybook's plugin decides what is included (every story file); each project excludes
      // the other's files.
      exclude: freshPage ? storyFiles().filter((file) => !FRESH_PAGE.includes(file)) : FRESH_PAGE,
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
            executablePath: CHROMIUM_PATH,
            args: [...CHROMIUM_FLAGS],
          },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  };
}

// Every story is a test: the plugin reads .storybook/main.ts (including viteFinal, which adds
// vanilla-extract and the chat-sdk alias) and runs play functions plus a11y checks in Chromium.
export default defineConfig({
  test: {
    projects: [
      storybookProject('storybook', false),
      storybookProject('storybook (fresh page)', true),
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
