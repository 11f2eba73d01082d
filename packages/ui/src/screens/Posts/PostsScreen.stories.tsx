import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { defaultHandlers } from '../../mocks/handlers';
import {
  feedHandler,
  mockPost,
  categories as socialCategories,
  socialHandlers,
} from '../../mocks/social';
import { ROUTES, UI_STRINGS } from '../../strings';
import { PostsScreen } from './PostsScreen';

const S = UI_STRINGS.posts;
const T = UI_STRINGS.translation;

const meta = {
  title: 'Screens/Posts',
  component: PostsScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  parameters: { msw: { handlers: { ...defaultHandlers, ...socialHandlers } } },
} satisfies Meta<typeof PostsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const cards = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('list', { name: S.feedLabel })).getAllByRole(
    'article',
  );

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(async () => expect(await cards(canvasElement)).toHaveLength(20));
    await expect(canvas.getByRole('link', { name: S.addPost })).toHaveAttribute(
      'href',
      ROUTES.addPost,
    );
    // The Spanish caption reads in English, with the original one tap away.
    await expect(canvas.getByText('I really like the beach of my city.')).toBeVisible();
    await expect(canvas.getByText(T.translatedFrom('Spanish'))).toBeVisible();
    const original = canvas.getByRole('button', { name: T.viewOriginal });
    await userEvent.click(original);
    await expect(original).toHaveAccessibleName(T.hideOriginal);
    await expect(canvas.getByText('Me gusta mucho la playa de mi ciudad.')).toBeVisible();
  },
};

/** A page is fetched and drawn on a loaded CI runner in more than waitFor's default 1 s. */
const PAGE_LOADED = { timeout: 5000 };

export const InfiniteScroll: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(async () => expect(await cards(canvasElement)).toHaveLength(20), PAGE_LOADED);
    // As a person does: scroll to the end, and again while pages come and pictures grow the page
    // above it, until the feed says it has ended (every post, 45, shown: the picture's state).
    await waitFor(
      () => {
        window.scrollTo({ top: document.body.scrollHeight });
        // The end's sentinel goes once the last page is in.
        canvas.queryByTestId('list-end')?.scrollIntoView();
        expect(canvas.getByText(S.end)).toBeVisible();
      },
      { timeout: 15_000 },
    );
    await expect(await cards(canvasElement)).toHaveLength(45);
  },
};

export const FiltersByCategory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(async () => expect(await cards(canvasElement)).toHaveLength(20));
    const chips = within(canvas.getByRole('group', { name: S.categoriesLabel }));
    await userEvent.click(await chips.findByRole('button', { name: 'Travel' }));
    await expect(chips.getByRole('button', { name: 'Travel' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Posts of category 1: the translated one and nine of mockPost's.
    await waitFor(async () => expect((await cards(canvasElement)).length).toBe(10));
    await userEvent.click(chips.getByRole('button', { name: S.allCategories }));
    await waitFor(async () => expect(await cards(canvasElement)).toHaveLength(20));
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { feed: feedHandler([]) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(S.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        feed: http.get('/posts/feed/', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(S.loadingMore)).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: {
        feed: http.get('/posts/feed/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(S.loadFailed);
  },
};

export const LongText: Story = {
  parameters: {
    msw: {
      handlers: {
        feed: feedHandler([mockPost(1, { caption: 'A very long caption. '.repeat(80) })]),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/A very long caption/)).toBeVisible();
    await expect(await within(canvasElement).findByText(S.end)).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  parameters: {
    msw: {
      handlers: {
        feed: feedHandler([mockPost(1, { caption: 'مرحبا بالجميع', original_language: 'ar' })]),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('مرحبا بالجميع')).toBeVisible();
  },
};

/**
 * The categories answer after the feed, on a phone: the posts wait for the chips, so the chips'
 * row, which wraps onto more lines as it fills, never pushes posts already drawn down the page.
 */
export const CategoriesAfterFeed: Story = {
  globals: PHONE,
  parameters: {
    msw: {
      handlers: {
        categories: http.get('/posts/categories/', async () => {
          await delay(800);
          return HttpResponse.json(socialCategories);
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chips = within(await canvas.findByRole('group', { name: S.categoriesLabel }));
    // The feed has answered; its posts are held while only 'All' is there.
    await expect(await canvas.findByText(S.loadingMore)).toBeVisible();
    await expect(chips.getAllByRole('button')).toHaveLength(1);
    await expect(canvas.queryByRole('list', { name: S.feedLabel })).toBeNull();
    // Then both at once: every chip, and the posts below them.
    await waitFor(async () => expect(await cards(canvasElement)).toHaveLength(20), PAGE_LOADED);
    await expect(chips.getAllByRole('button')).toHaveLength(socialCategories.length + 1);
  },
};

/** The feed on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => waitFor(async () => expect(await cards(el)).toHaveLength(20))),
};

/** The feed on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => waitFor(async () => expect(await cards(el)).toHaveLength(20))),
};
