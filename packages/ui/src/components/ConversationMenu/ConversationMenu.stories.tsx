import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { ConversationMenu } from './ConversationMenu';

const S = UI_STRINGS.profile;

const meta = {
  title: 'Components/ConversationMenu',
  component: ConversationMenu,
  tags: ['autodocs'],
  decorators: [
    padded,
    (Story) => <div style={{ display: 'flex', justifyContent: 'flex-end' }}>{Story()}</div>,
  ],
  args: { profileHref: '/user/bo', onBlock: fn(), onReport: fn() },
} satisfies Meta<typeof ConversationMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: S.more });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: UI_STRINGS.chat.viewProfile })).toHaveAttribute(
      'href',
      '/user/bo',
    );
    await userEvent.click(canvas.getByRole('button', { name: S.block }));
    await expect(args.onBlock).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: S.report })).toBeNull();
    // Escape closes and focus returns to the trigger.
    await userEvent.click(trigger);
    canvas.getByRole('button', { name: S.report }).focus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('button', { name: S.report })).toBeNull();
    await expect(trigger).toHaveFocus();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.more }));
    await userEvent.click(canvas.getByRole('button', { name: S.report }));
    await expect(args.onReport).toHaveBeenCalledOnce();
  },
};
