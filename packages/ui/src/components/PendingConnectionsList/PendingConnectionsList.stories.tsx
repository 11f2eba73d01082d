import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { pendingRequests } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { PendingConnectionsList } from './PendingConnectionsList';

const S = UI_STRINGS.notificationsScreen;

const meta = {
  title: 'Components/PendingConnectionsList',
  component: PendingConnectionsList,
  tags: ['autodocs'],
  decorators: [padded, (Story) => <div style={{ height: 360, display: 'flex' }}>{Story()}</div>],
  args: {
    requests: pendingRequests.slice(0, 20),
    hasMore: true,
    onQueryChange: fn(),
    onLoadMore: fn(),
    onApprove: fn(),
    onReject: fn(),
  },
} satisfies Meta<typeof PendingConnectionsList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: S.searchLabel }), 'ben');
    await waitFor(() => expect(args.onQueryChange).toHaveBeenCalledWith('ben'));
    await userEvent.click(canvas.getByRole('button', { name: S.approveLabel('carmen') }));
    await expect(args.onApprove).toHaveBeenCalledWith(pendingRequests[1]);
    canvas.getByRole('list', { name: S.listLabel }).parentElement?.scrollTo({ top: 100_000 });
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled());
  },
};

export const Empty: Story = {
  args: { requests: [], hasMore: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.empty)).toBeVisible();
  },
};

export const NoMatches: Story = {
  args: { requests: [], hasMore: false, query: 'zzz' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.noMatches)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { requests: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.loadingMore);
  },
};

export const LoadError: Story = {
  args: { requests: [], error: S.loadFailed },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(S.loadFailed);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('ليلى حداد')).toBeVisible();
  },
};
