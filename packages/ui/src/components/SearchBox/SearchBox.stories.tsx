import { TIMINGS } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { SearchBox } from './SearchBox';

const meta = {
  title: 'Components/SearchBox',
  component: SearchBox,
  tags: ['autodocs'],
  decorators: [padded],
  args: { label: 'Search chats', placeholder: 'Search', onSearch: fn() },
} satisfies Meta<typeof SearchBox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('searchbox', { name: 'Search chats' }),
    ).toBeVisible();
  },
};

export const Debounced: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('searchbox');
    await userEvent.type(box, ' ana ');
    // Nothing during typing; one call 300 ms after the last keystroke, trimmed.
    await expect(args.onSearch).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, TIMINGS.searchDebounceMs - 150));
    await expect(args.onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledTimes(1));
    await expect(args.onSearch).toHaveBeenCalledWith('ana');
  },
};

export const ClearingReportsAtOnce: Story = {
  args: { defaultValue: 'bo' },
  play: async ({ canvasElement, args }) => {
    await userEvent.clear(within(canvasElement).getByRole('searchbox'));
    await expect(args.onSearch).toHaveBeenCalledWith('');
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { label: 'بحث', placeholder: 'بحث', defaultValue: 'ليلى' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('searchbox')).toHaveValue('ليلى');
  },
};
