import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { longNameRequest, pendingRequests } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { BlockedPeopleView } from './BlockedPeopleView';

const S = UI_STRINGS.blockedPeople;

/** The pure blocked-people list; Settings binds it to the sdk (Screens/Settings/Blocked People). */
const meta = {
  title: 'Components/BlockedPeopleView',
  component: BlockedPeopleView,
  tags: ['autodocs'],
  decorators: [padded],
  args: {
    people: pendingRequests.slice(0, 3),
    onLoadMore: fn(),
    onRetry: fn(),
    onUnblock: fn(),
  },
} satisfies Meta<typeof BlockedPeopleView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.unblockLabel('carmen') }));
    await expect(args.onUnblock).toHaveBeenCalledWith(pendingRequests[1]);
  },
};

/** An unblock in flight: its button waits; the others stay usable. */
export const Busy: Story = {
  args: { busyIds: [100] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: S.unblockLabel('ben') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(canvas.getByRole('button', { name: S.unblockLabel('carmen') })).toBeEnabled();
  },
};

export const Failed: Story = {
  args: { people: [], error: S.loadFailed },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(S.loadFailed);
    await userEvent.click(canvas.getByRole('button', { name: S.retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const LongText: Story = {
  args: {
    people: [longNameRequest],
    notice: { tone: 'error', message: S.unblockFailed(longNameRequest.username) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(longNameRequest.username);
    await expect(
      canvas.getByRole('button', { name: S.unblockLabel(longNameRequest.username) }),
    ).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { people: pendingRequests.slice(3, 5) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('ليلى حداد')).toBeVisible();
  },
};
