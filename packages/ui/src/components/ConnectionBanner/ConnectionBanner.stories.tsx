import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { UI_STRINGS } from '../../strings';
import { ConnectionBanner } from './ConnectionBanner';

const S = UI_STRINGS.chat;

const meta = {
  title: 'Components/ConnectionBanner',
  component: ConnectionBanner,
  tags: ['autodocs'],
  args: { status: 'connecting' },
} satisfies Meta<typeof ConnectionBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Connecting: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.connecting);
  },
};

export const Open: Story = {
  args: { status: 'open' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};

const fixedNow = 1_000_000;

export const OfflineWithCountdown: Story = {
  args: { status: 'closed', nextAttemptAt: fixedNow + 8000, now: () => fixedNow },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      `${S.offline} ${S.retryingIn(8)}`,
    );
  },
};

/** Counts down against the real clock. */
export const CountsDown: Story = {
  render: () => <ConnectionBanner status="closed" nextAttemptAt={Date.now() + 2500} />,
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent(S.retryingIn(3));
    await waitFor(() => expect(status).toHaveTextContent(S.retryingIn(2)), { timeout: 2000 });
  },
};

export const OfflineGivenUp: Story = {
  args: { status: 'closed', nextAttemptAt: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.offline);
  },
};
