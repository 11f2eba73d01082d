import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { PHONE } from '../../mocks/devices';
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

const M = UI_STRINGS.mute;

/** Issue 25: 'Mute notifications' opens the durations; choosing one mutes the chat. */
export const MuteNotifications: Story = {
  args: { mute: { muted: false, onChange: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.more }));
    await userEvent.click(canvas.getByRole('button', { name: M.mute }));
    // The durations replace the other items, focus on the first.
    await expect(canvas.getByRole('button', { name: M.eightHours })).toHaveFocus();
    await expect(canvas.getByRole('button', { name: M.oneWeek })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: S.block })).toBeNull();
    // Back returns to the menu; the keyboard reaches a duration.
    await userEvent.click(canvas.getByRole('button', { name: M.back }));
    await expect(canvas.getByRole('button', { name: S.block })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: M.mute }));
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: M.always })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.mute?.onChange).toHaveBeenCalledWith('always');
    await expect(canvas.queryByRole('button', { name: M.always })).toBeNull();
  },
};

/** The durations open, as the picture shows them. */
export const MuteDurations: Story = {
  args: { mute: { muted: false, onChange: fn() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.more }));
    await userEvent.click(canvas.getByRole('button', { name: M.mute }));
    await expect(canvas.getByText(M.muteFor)).toBeVisible();
  },
};

/** A muted chat offers 'Unmute notifications'. */
export const UnmuteNotifications: Story = {
  args: { mute: { muted: true, onChange: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.more }));
    await expect(canvas.queryByRole('button', { name: M.mute })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: M.unmute }));
    await expect(args.mute?.onChange).toHaveBeenCalledWith('off');
  },
};

/** A group's menu: mute only (no profile, block or report). */
export const GroupMuteOnly: Story = {
  args: {
    profileHref: undefined,
    onBlock: undefined,
    onReport: undefined,
    mute: { muted: false, onChange: fn() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.more }));
    await expect(canvas.getByRole('button', { name: M.mute })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: UI_STRINGS.chat.viewProfile })).toBeNull();
  },
};

export const MuteRightToLeft: Story = {
  decorators: [rtl],
  args: { mute: { muted: false, onChange: fn() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.more }));
    await userEvent.click(canvas.getByRole('button', { name: M.mute }));
    await expect(canvas.getByRole('button', { name: M.oneWeek })).toBeVisible();
  },
};

export const MutePhone: Story = {
  globals: PHONE,
  args: { mute: { muted: true, onChange: fn() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.more }));
    await expect(canvas.getByRole('button', { name: M.unmute })).toBeVisible();
  },
};
