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

/** Between two attempts: offline, with the seconds until the next one. */
export const Default: Story = {
  args: { status: 'closed', nextAttemptAt: 1_000_000 + 5000, now: () => 1_000_000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.offline);
  },
};

/** Every prop is a control (the countdown is measured against a fixed clock). */
export const Playground: Story = {
  args: { status: 'connecting', nextAttemptAt: 1_000_000 + 3000, now: () => 1_000_000 },
  argTypes: { status: { control: 'inline-radio', options: ['connecting', 'open', 'closed'] } },
};

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

/** A story-owned clock: the play function moves it on; no story reads the real clock. */
let storyClock = fixedNow;

/** The countdown follows the clock it is given (re-read every second). */
export const CountsDown: Story = {
  args: { status: 'closed', nextAttemptAt: fixedNow + 2500, now: () => storyClock },
  beforeEach: () => {
    storyClock = fixedNow;
  },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent(S.retryingIn(3));
    storyClock = fixedNow + 1000;
    await waitFor(() => expect(status).toHaveTextContent(S.retryingIn(2)), { timeout: 5000 });
    storyClock = fixedNow;
  },
};

export const OfflineGivenUp: Story = {
  args: { status: 'closed', nextAttemptAt: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.offline);
  },
};
