import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { STORY_NOW } from '../../mocks/chat';
import { padded, rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { ChatListItem } from './ChatListItem';

const meta = {
  title: 'Components/ChatListItem',
  component: ChatListItem,
  tags: ['autodocs'],
  decorators: [padded],
  args: {
    name: 'bo',
    colorKey: 2,
    lastMessage: 'See you at 5!',
    lastMessageTime: new Date(2026, 2, 10, 14, 5).toISOString(),
    now: STORY_NOW,
    onSelect: fn(),
  },
} satisfies Meta<typeof ChatListItem>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Today: HH:mm.
    await expect(canvas.getByText('14:05')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /bo/ }));
    await expect(args.onSelect).toHaveBeenCalledOnce();
  },
};

export const Selected: Story = {
  args: { selected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveAttribute('aria-current', 'true');
  },
};

export const SameYear: Story = {
  args: { lastMessageTime: new Date(2026, 0, 5, 8, 0).toISOString() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('5 Jan')).toBeVisible();
  },
};

export const OlderYear: Story = {
  args: { lastMessageTime: new Date(2024, 10, 3, 8, 0).toISOString() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('03/11/2024')).toBeVisible();
  },
};

export const NoMessagesYet: Story = {
  args: { lastMessage: null, lastMessageTime: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('time')).toBeNull();
  },
};

export const LongText: Story = {
  decorators: [(Story) => <div style={{ width: 280 }}>{Story()}</div>],
  args: {
    name: 'a-very-long-username-that-does-not-fit-the-sidebar',
    lastMessage:
      'This is a rather long last message that should be cut with an ellipsis instead of wrapping',
  },
  play: async ({ canvasElement }) => {
    const preview = within(canvasElement).getByText(/rather long last message/);
    await expect(preview.scrollWidth).toBeGreaterThan(preview.clientWidth);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { name: 'ليلى', lastMessage: 'مرحبا، كيف حالك؟' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('مرحبا، كيف حالك؟')).toBeVisible();
  },
};

/** Issue 25: messages not read yet (the count clears on every device once read on one). */
export const Unread: Story = {
  args: { unread: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveTextContent(
      `3 ${UI_STRINGS.receipts.unreadLabel}`,
    );
  },
};
