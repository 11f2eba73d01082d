import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { longNameRequest, pendingRequests } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { PendingRequestRow } from './PendingRequestRow';

const S = UI_STRINGS.notificationsScreen;

const meta = {
  title: 'Components/PendingRequestRow',
  component: PendingRequestRow,
  tags: ['autodocs'],
  decorators: [padded],
  args: {
    user: pendingRequests[0] as (typeof pendingRequests)[number],
    onApprove: fn(),
    onReject: fn(),
  },
} satisfies Meta<typeof PendingRequestRow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ben Okafor')).toBeVisible();
    await expect(canvas.getByText('0 followers')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.approveLabel('ben') }));
    await expect(args.onApprove).toHaveBeenCalledOnce();
    canvas.getByRole('button', { name: S.rejectLabel('ben') }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onReject).toHaveBeenCalledOnce();
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: S.approveLabel('ben') }),
    ).toBeDisabled();
  },
};

export const InitialOnly: Story = {
  args: { user: pendingRequests[2] as (typeof pendingRequests)[number] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('D')).toBeVisible();
  },
};

export const LongText: Story = {
  args: { user: longNameRequest },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('12345 followers')).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { user: pendingRequests[3] as (typeof pendingRequests)[number] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('ليلى حداد')).toBeVisible();
  },
};

/** Issue 25: the person's languages as chips with each language's own name. */
export const WithLanguages: Story = {
  args: {
    user: { ...(pendingRequests[0] as (typeof pendingRequests)[number]), languages: ['es', 'en'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Español')).toHaveAttribute('lang', 'es');
    await expect(canvas.getByText('English')).toBeVisible();
  },
};
