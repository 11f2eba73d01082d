import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { ROUTES, UI_STRINGS } from '../../strings';
import { UpgradeModal } from './UpgradeModal';

const P = UI_STRINGS.plans;

const meta = {
  title: 'Components/UpgradeModal',
  component: UpgradeModal,
  tags: ['autodocs'],
  args: { open: true, onClose: fn(), onChoose: fn(), onNavigate: fn() },
} satisfies Meta<typeof UpgradeModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Upgrade for Full Access' });
    // Spec §9 plans and prices.
    for (const plan of ['free', 'personal', 'organization', 'lifetime'] as const) {
      const card = within(dialog).getByRole('listitem', { name: P[plan].name });
      await expect(card).toHaveTextContent(P[plan].price);
    }
    await expect(within(dialog).getByText('$0')).toBeVisible();
    await expect(within(dialog).getByText('$9.99/month')).toBeVisible();
    await expect(within(dialog).getByText('$5/user/month')).toBeVisible();
    await expect(within(dialog).getByText('$99 one-time')).toBeVisible();
    // Free is the plan that hit its limit: listed, not offered.
    await expect(within(dialog).getAllByRole('link')).toHaveLength(3);
    const lifetime = within(dialog).getByRole('link', { name: P.choose(P.lifetime.name) });
    await expect(lifetime).toHaveAttribute('href', ROUTES.subscribe('lifetime'));
    await userEvent.click(lifetime);
    await expect(args.onChoose).toHaveBeenCalledWith('lifetime');
    await expect(args.onNavigate).toHaveBeenCalledWith('/subscribe/lifetime');
  },
};

export const NotNow: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: P.notNow }));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Escape}');
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: P.choose(P.organization.name) }),
    ).toHaveAttribute('href', '/subscribe/organization');
  },
};
