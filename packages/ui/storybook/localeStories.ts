/**
 * The two locale pictures every screen has (issue 27): the screen's main story rendered in Spanish,
 * whose play finds no English message left, and in Arabic, whose play checks the layout is right to
 * left. Each waits for one catalog message (`shows`, an id of the ui's catalog) in its own language,
 * which is when the screen shows its data, so the picture is taken in the final state.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import ar from '../src/i18n/messages/ar.json';
import es from '../src/i18n/messages/es.json';
import { expectNoEnglishLeft } from './expectNoEnglishLeft';

type Catalog = Record<string, string>;
type MessageId = keyof typeof es & keyof typeof ar;

/** Network answers from the mock server may take more than a second on a loaded machine. */
const SHOWS_TIMEOUT = 8000;

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Waits until an element's whole text is `text` (a message may hold markup inside). */
async function waitForText(canvasElement: HTMLElement, text: string) {
  const wanted = normalise(text);
  await waitFor(
    () => {
      const found = [...canvasElement.querySelectorAll<HTMLElement>('*')].some(
        (element) =>
          normalise(element.textContent ?? '') === wanted ||
          element.getAttribute('aria-label') === wanted ||
          element.getAttribute('placeholder') === wanted,
      );
      expect(found, `"${wanted}" shown`).toBe(true);
    },
    { timeout: SHOWS_TIMEOUT },
  );
}

interface LocaleStoryOptions {
  /** A plain message the screen shows once its data is in, by its catalog id. */
  shows: MessageId;
  /** Text in no catalog (a name, a bio from the mock server) the screen shows once loaded. */
  alsoShows?: string;
}

type StoryLike = { title?: string; args?: object; parameters?: object; decorators?: unknown };
type MswParameters = { msw?: { handlers?: object } };

/**
 * The main story with its file's meta folded in (args, decorators, parameters with the mock
 * server's handlers): the locale stories live in a file of their own, whose meta is kept literal.
 */
function withMeta(meta: StoryLike, main: StoryLike): StoryLike {
  const asList = (decorators: unknown) =>
    Array.isArray(decorators) ? decorators : decorators ? [decorators] : [];
  const metaMsw = (meta.parameters as MswParameters | undefined)?.msw;
  const mainMsw = (main.parameters as MswParameters | undefined)?.msw;
  return {
    ...main,
    args: { ...meta.args, ...main.args },
    // A story's own decorators are inner, its meta's outer, as Storybook applies them.
    decorators: [...asList(main.decorators), ...asList(meta.decorators)],
    parameters: {
      ...meta.parameters,
      ...main.parameters,
      msw: {
        handlers: { ...metaMsw?.handlers, ...mainMsw?.handlers },
      },
    },
  };
}

/**
 * The main story in `locale` (its meta folded in): its play waits until the screen shows `shows`
 * in that locale (and `alsoShows`), then runs `check`.
 */
function localeStory<S>(
  locale: 'es' | 'ar',
  meta: StoryLike,
  main: StoryLike,
  { shows, alsoShows }: LocaleStoryOptions,
  check: (canvasElement: HTMLElement) => Promise<void>,
): S {
  const catalog: Catalog = locale === 'es' ? es : ar;
  return {
    ...withMeta(meta, main),
    globals: { locale },
    play: async ({ canvasElement }: StoryContext) => {
      await waitForText(canvasElement, catalog[shows] ?? shows);
      if (alsoShows) await waitForText(canvasElement, alsoShows);
      await check(canvasElement);
    },
  } as S;
}

/** The main story in Spanish, with no English message left once it shows `shows`. */
export function spanishStory<S>(meta: StoryLike, main: StoryLike, options: LocaleStoryOptions): S {
  return localeStory('es', meta, main, options, expectNoEnglishLeft);
}

/** The main story in Arabic: right to left, showing `shows` in Arabic. */
export function arabicStory<S>(meta: StoryLike, main: StoryLike, options: LocaleStoryOptions): S {
  return localeStory('ar', meta, main, options, async (canvasElement) => {
    // The preview's box around the story carries the locale's direction and language.
    const box = canvasElement.querySelector('[data-story-locale]');
    await expect(box).toHaveAttribute('dir', 'rtl');
    await expect(box).toHaveAttribute('lang', 'ar');
  });
}
