import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { MODERATION_STRINGS } from '../../moderationStrings';
import { SuspendedScreen } from './SuspendedScreen';

const S = MODERATION_STRINGS;

const meta = {
  title: 'Screens/Suspended',
  component: SuspendedScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SuspendedScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The chat closed because a moderator suspended the account: why, and the way to sign in. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: S.suspendedTitle })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(S.suspendedText);
    await expect(canvas.getByRole('link', { name: S.suspendedBack })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

/** With the server's words (sign-in's answer names the end of the suspension). */
export const WithServerMessage: Story = {
  args: { message: 'Your account is suspended until 2026-12-03 10:00 UTC.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      '2026-12-03 10:00 UTC',
    );
  },
};

export const RightToLeft: Story = { decorators: [rtl] };

export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('heading', { level: 1 })),
};
