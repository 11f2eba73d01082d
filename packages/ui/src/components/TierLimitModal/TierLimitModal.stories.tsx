import { PREVIOUS_CHAT_URL_KEY, rememberPreviousChatUrl } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { UI_STRINGS } from '../../strings';
import { TierLimitModal } from './TierLimitModal';

const meta = {
  title: 'Components/TierLimitModal',
  component: TierLimitModal,
  tags: ['autodocs'],
  args: {
    open: true,
    title: 'Daily translation limit reached',
    message:
      'Your message was delivered without translation. Free accounts translate 5 chats per day.',
    actions: [
      { label: 'Upgrade', url: '/subscribe/personal' },
      { label: 'See plans', url: '/dashboard' },
    ],
    onClose: fn(),
    onAction: fn(),
    onNavigate: fn(),
  },
} satisfies Meta<typeof TierLimitModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog', {
      name: 'Daily translation limit reached',
    });
    await expect(dialog).toHaveAccessibleDescription(/delivered without translation/);
    const upgrade = within(dialog).getByRole('link', { name: 'Upgrade' });
    await expect(upgrade).toHaveAttribute('href', '/subscribe/personal');
    await userEvent.click(upgrade);
    await expect(args.onAction).toHaveBeenCalledWith({
      label: 'Upgrade',
      url: '/subscribe/personal',
    });
    await expect(args.onNavigate).toHaveBeenCalledWith('/subscribe/personal');
  },
};

/** The connected use: the click stores the current path as previousChatUrl, then navigates. */
export const ActionStoresPreviousChatUrl: Story = {
  args: {
    onAction: fn(() => {
      void rememberPreviousChatUrl('/?chat=private-1-3');
    }),
  },
  play: async ({ canvasElement, args }) => {
    sessionStorage.removeItem(PREVIOUS_CHAT_URL_KEY);
    const dialog = within(canvasElement).getByRole('dialog');
    // Keyboard: Tab to the second link and follow it with Enter.
    within(dialog).getByRole('link', { name: 'Upgrade' }).focus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('link', { name: 'See plans' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(sessionStorage.getItem(PREVIOUS_CHAT_URL_KEY)).toBe('/?chat=private-1-3'),
    );
    await expect(args.onNavigate).toHaveBeenCalledWith('/dashboard');
    sessionStorage.removeItem(PREVIOUS_CHAT_URL_KEY);
  },
};

export const Closes: Story = {
  args: { actions: [] },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog');
    await expect(within(dialog).queryByRole('link')).toBeNull();
    await userEvent.click(
      within(dialog).getByRole('button', { name: UI_STRINGS.plans.tierLimitClose }),
    );
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};
