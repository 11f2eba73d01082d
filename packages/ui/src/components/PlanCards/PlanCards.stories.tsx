import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { padded, rtl } from '../../mocks/decorators';
import { PlanCards } from './PlanCards';

const S = ACCOUNT_STRINGS.planCards;

const meta = {
  title: 'Components/PlanCards',
  component: PlanCards,
  tags: ['autodocs'],
  decorators: [padded],
  args: { onChoose: fn() },
} satisfies Meta<typeof PlanCards>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('$0')).toBeVisible();
    await expect(canvas.getByText('$9.99/month')).toBeVisible();
    await expect(canvas.getByText('$5/user/month')).toBeVisible();
    await expect(canvas.getByText('$99 one-time')).toBeVisible();
    await expect(canvas.getByRole('spinbutton', { name: S.seats })).toHaveValue(10);
    await userEvent.click(canvas.getByRole('button', { name: S.choose('Personal') }));
    await expect(args.onChoose).toHaveBeenCalledWith('personal', 1);
    await userEvent.click(canvas.getByRole('button', { name: S.choose('Lifetime Founder') }));
    await expect(args.onChoose).toHaveBeenCalledWith('lifetime', 1);
  },
};

/** Below 10 seats: the spec's message and a disabled button; back to 10 or more: enabled. */
export const SeatValidation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const seats = canvas.getByRole('spinbutton', { name: S.seats });
    const choose = canvas.getByRole('button', { name: S.choose('Organization') });
    await userEvent.clear(seats);
    await userEvent.type(seats, '9');
    await expect(canvas.getByRole('alert')).toHaveTextContent(S.minSeats);
    await expect(choose).toBeDisabled();
    await expect(seats).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(seats);
    await userEvent.type(seats, '25');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByText(S.total('$125'))).toBeVisible();
    await userEvent.click(choose);
    await expect(args.onChoose).toHaveBeenCalledWith('organization', 25);
  },
};

export const CheckingOut: Story = {
  args: { busyPlan: 'personal' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: S.choose('Personal') })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: S.choose('Lifetime Founder') })).toBeDisabled();
  },
};

export const CurrentFreePlan: Story = {
  args: { currentPlan: 'free' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.current)).toBeVisible();
  },
};

/** The server takes no payments (issue 22): a note says so and no paid plan can be chosen. */
export const PaymentsUnavailable: Story = {
  args: { unavailable: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('note')).toHaveTextContent(S.unavailable);
    for (const plan of ['Personal', 'Organization', 'Lifetime Founder']) {
      await expect(canvas.getByRole('button', { name: S.choose(plan) })).toBeDisabled();
    }
    await expect(args.onChoose).not.toHaveBeenCalled();
    // The prices stay readable.
    await expect(canvas.getByText('$9.99/month')).toBeVisible();
  },
};

export const RightToLeft: Story = { decorators: [rtl] };
