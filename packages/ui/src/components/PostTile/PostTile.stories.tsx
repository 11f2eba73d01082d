import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { mockPost, translatedPost } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { PostTile } from './PostTile';

const T = UI_STRINGS.translation;

const meta = {
  title: 'Components/PostTile',
  component: PostTile,
  tags: ['autodocs'],
  decorators: [padded, (Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
  args: { post: translatedPost },
} satisfies Meta<typeof PostTile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TranslatedImage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: /beach/ })).toBeVisible();
    await expect(canvas.getByText(T.translatedFrom('Spanish'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: T.viewOriginal }));
    await expect(canvas.getByText('Me gusta mucho la playa de mi ciudad.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: T.hideOriginal }));
    await expect(canvas.getByText('I really like the beach of my city.')).toBeVisible();
  },
};

export const Card: Story = {
  args: { variant: 'card' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(UI_STRINGS.posts.by('carmen'))).toBeVisible();
  },
};

/** A feed card: the author's avatar and name link to their profile, the date, category tags. */
export const CardWithAuthorDateAndTags: Story = {
  args: {
    variant: 'card',
    now: new Date('2026-03-10T15:30:00Z'),
    post: { ...translatedPost, categories: [1, 2], created_at: '2026-03-02T09:00:00Z' },
    categoryNames: { 1: 'Travel', 2: 'Food' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const author = canvas.getByRole('link', { name: UI_STRINGS.posts.by('carmen') });
    await expect(author).toHaveAttribute('href', '/user/carmen');
    await expect(canvas.getByText('2 Mar')).toBeVisible();
    const tags = within(canvas.getByRole('list', { name: UI_STRINGS.posts.postCategories }));
    await expect(tags.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Travel',
      'Food',
    ]);
  },
};

export const TextOnly: Story = {
  args: { post: mockPost(2, { caption: 'Just words today.' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Just words today.')).toBeVisible();
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const NotTranslated: Story = {
  args: { post: mockPost(3, { caption: 'Bonjour', translation_failed: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(T.notTranslated)).toBeVisible();
  },
};

export const LongText: Story = {
  args: { post: mockPost(4, { caption: 'Longcaptionwithoutspaces'.repeat(30) }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Longcaption/)).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { post: mockPost(5, { caption: 'مرحبا بالجميع' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('مرحبا بالجميع')).toBeVisible();
  },
};
