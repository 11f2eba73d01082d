import type { LinkPreview } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { SAMPLE_IMAGE_URL } from '../../mocks/media';
import { UI_STRINGS } from '../../strings';
import { LinkPreviewCard } from './LinkPreviewCard';

const L = UI_STRINGS.links;

const PREVIEW: LinkPreview = {
  url: 'https://blog.example.com/posts/parley-translations',
  title: 'How Parley translates every message',
  description: 'Each reader sees the chat in their own language, with the original one tap away.',
  image_url: SAMPLE_IMAGE_URL,
  site_name: 'Parley Blog',
};

const meta = {
  title: 'Components/LinkPreviewCard',
  component: LinkPreviewCard,
  tags: ['autodocs'],
  decorators: [padded],
  args: { state: { status: 'loaded', preview: PREVIEW } },
} satisfies Meta<typeof LinkPreviewCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: /How Parley translates/,
    });
    await expect(link).toHaveAttribute('href', PREVIEW.url);
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

export const WithoutImage: Story = {
  args: { state: { status: 'loaded', preview: { ...PREVIEW, image_url: null, site_name: null } } },
  play: async ({ canvasElement }) => {
    // No site name from the page: its host stands in.
    await expect(within(canvasElement).getByText('blog.example.com')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { state: { status: 'loading', url: PREVIEW.url }, inComposer: true, onRemove: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(L.previewLoading);
  },
};

export const Failed: Story = {
  args: { state: { status: 'failed', url: PREVIEW.url }, inComposer: true, onRemove: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(L.previewFailed);
  },
};

export const RemovableInComposer: Story = {
  args: { inComposer: true, onRemove: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: L.removePreview }));
    await expect(args.onRemove).toHaveBeenCalledTimes(1);
  },
};

export const LongText: Story = {
  args: {
    state: {
      status: 'loaded',
      preview: {
        ...PREVIEW,
        title: `${'A very long headline that goes on and on '.repeat(4)}end`,
        description: `${'Description words without end, '.repeat(12)}end.`,
        site_name: 'An-unusually-long-site-name-without-any-spaces-at-all.example.com',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('a') as HTMLElement;
    // Two lines of title and description at most: the card stays small.
    await expect(card.getBoundingClientRect().height).toBeLessThan(160);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    state: {
      status: 'loaded',
      preview: {
        ...PREVIEW,
        title: 'كيف يترجم بارلي كل رسالة',
        description: 'يرى كل قارئ المحادثة بلغته، والأصل على بعد نقرة.',
        site_name: 'مدونة بارلي',
      },
    },
    onRemove: fn(),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('مدونة بارلي')).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: { inComposer: true, onRemove: fn() },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: L.removePreview }),
    ).toBeVisible();
  },
};
