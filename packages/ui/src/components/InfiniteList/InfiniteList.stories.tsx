import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { padded } from '../../mocks/decorators';
import { InfiniteList } from './InfiniteList';

const items = Array.from({ length: 30 }, (_, i) => `Row ${i + 1}`).map((row) => (
  <li key={row}>{row}</li>
));

const meta = {
  title: 'Components/InfiniteList',
  component: InfiniteList,
  tags: ['autodocs'],
  decorators: [padded, (Story) => <div style={{ height: 240, display: 'flex' }}>{Story()}</div>],
  args: {
    label: 'Rows',
    count: 30,
    children: items,
    hasMore: true,
    emptyText: 'Nothing here',
    loadingText: 'Loading more...',
    endText: 'The end',
    onLoadMore: fn(),
  },
} satisfies Meta<typeof InfiniteList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoadsAtTheEnd: Story = {
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Rows' });
    await expect(args.onLoadMore).not.toHaveBeenCalled();
    list.parentElement?.scrollTo({ top: 100_000 });
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled());
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading more...');
  },
};

export const Empty: Story = {
  args: { count: 0, children: [], hasMore: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing here')).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { error: 'Could not load.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Could not load.');
  },
};

export const End: Story = {
  args: { hasMore: false, count: 3, children: items.slice(0, 3) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The end')).toBeVisible();
  },
};
