import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { MessageBubble } from '../MessageBubble/MessageBubble';
import type { BubbleReaction, MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import { ReactionChips } from './ReactionChips';
import { ReactionsAndReceiptsProvider, type ReactionsAndReceiptsValue } from './ReactionsContext';

const R = UI_STRINGS.reactions;
const ME = 1;
const NAMES: Record<number, string> = { 1: 'ana', 2: 'bo', 3: 'carmen', 4: 'dev', 5: 'émile' };

const message: MessageBubbleMessage = {
  id: 41,
  client_id: null,
  sender_id: 2,
  sender_username: 'bo',
  message: 'We got the flat! Moving in on Saturday.',
  timestamp: new Date(2026, 2, 10, 9, 15).toISOString(),
  type: 'received',
  status: 'sent',
  reactions: [
    { emoji: '❤️', count: 2, user_ids: [3, ME] },
    { emoji: '🎉', count: 1, user_ids: [4] },
  ],
};

/** The bubble as the chat shows it, its reactions toggled locally (the sdk's role in the app). */
function Conversation({
  start,
  onReact,
}: {
  start: MessageBubbleMessage;
  onReact: (messageId: number, emoji: string) => void;
}) {
  const [shown, setShown] = useState(start);
  const value: ReactionsAndReceiptsValue = {
    viewerId: ME,
    nameOf: (id) => NAMES[id] ?? 'someone',
    onReact(messageId, emoji) {
      onReact(messageId, emoji);
      setShown((current) => ({ ...current, reactions: toggle(current.reactions ?? [], emoji) }));
    },
  };
  return (
    <ReactionsAndReceiptsProvider value={value}>
      <MessageBubble message={shown} now={STORY_NOW} />
    </ReactionsAndReceiptsProvider>
  );
}

function toggle(list: readonly BubbleReaction[], emoji: string): BubbleReaction[] {
  const entry = list.find((reaction) => reaction.emoji === emoji);
  if (!entry) return [...list, { emoji, count: 1, user_ids: [ME] }];
  const ids = entry.user_ids.includes(ME)
    ? entry.user_ids.filter((id) => id !== ME)
    : [...entry.user_ids, ME];
  return list
    .map((reaction) =>
      reaction.emoji === emoji ? { emoji, count: ids.length, user_ids: ids } : reaction,
    )
    .filter((reaction) => reaction.count > 0);
}

const onTheme: Decorator = (Story) => (
  <ChatThemeScope theme="default" surface>
    <div style={{ padding: '1rem 3rem', minHeight: '6rem' }}>
      <Story />
    </div>
  </ChatThemeScope>
);

const meta = {
  title: 'Components/Reactions',
  component: Conversation,
  decorators: [onTheme],
  args: { start: message, onReact: fn() },
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Chips under the bubble: mine highlighted and pressed; a tap toggles mine. */
export const Reactions: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const heart = canvas.getByRole('button', { name: R.chip('❤️', 2, true) });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: R.chip('🎉', 1, false) })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await userEvent.click(canvas.getByRole('button', { name: R.chip('🎉', 1, false) }));
    await expect(args.onReact).toHaveBeenCalledWith(41, '🎉');
    await expect(canvas.getByRole('button', { name: R.chip('🎉', 2, true) })).toBeVisible();
    // And back.
    await userEvent.click(canvas.getByRole('button', { name: R.chip('🎉', 2, true) }));
    await expect(canvas.getByRole('button', { name: R.chip('🎉', 1, false) })).toBeVisible();
  },
};

const many = ['👍', '❤️', '😂', '😮', '😢', '🙏', '🎉', '🔥', '👀'].map(
  (emoji, index): BubbleReaction => ({
    emoji,
    count: (index % 3) + 1,
    user_ids: [2, 3, 4].slice(0, (index % 3) + 1),
  }),
);

/** Nine emoji: six chips, the rest folded into '+3' (the who-reacted list names them all). */
export const ReactionsOverflow: Story = {
  args: { start: { ...message, reactions: many } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { pressed: false })).toHaveLength(6);
    await expect(canvas.getByRole('button', { name: `+3 ${R.whoReactedOpen(18)}` })).toBeVisible();
  },
};

/** Who reacted, one tap away: every emoji and the people behind it. */
export const WhoReacted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `… ${R.whoReactedOpen(3)}` }));
    const dialog = await within(document.body).findByRole('dialog', { name: R.whoReacted });
    await expect(within(dialog).getByText('carmen, You')).toBeVisible();
    await expect(within(dialog).getByText('dev')).toBeVisible();
  },
};

/** The React trigger opens the quick six; a pick toggles it and closes the picker. */
export const QuickRow: Story = {
  args: { start: { ...message, reactions: [] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: R.react }));
    const picker = canvas.getByRole('group', { name: R.pickerLabel });
    await expect(within(picker).getAllByRole('button')).toHaveLength(7);
    await userEvent.click(within(picker).getByRole('button', { name: '🙏' }));
    await expect(args.onReact).toHaveBeenCalledWith(41, '🙏');
    await expect(canvas.queryByRole('group', { name: R.pickerLabel })).toBeNull();
    await expect(canvas.getByRole('button', { name: R.chip('🙏', 1, true) })).toBeVisible();
    // Escape closes it too.
    await userEvent.click(canvas.getByRole('button', { name: R.react }));
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('group', { name: R.pickerLabel })).toBeNull();
  },
};

/** 'More emoji' loads the full picker (its own chunk) on first use. */
export const PickerOpen: Story = {
  args: { start: { ...message, reactions: [] } },
  // emoji-picker-react marks its category <li>s role="rowgroup" inside a grid; axe's
  // aria-allowed-role objects to the role on that element. The picker is otherwise operable by
  // keyboard and named; the rule is off for this story only.
  parameters: { a11y: { config: { rules: [{ id: 'aria-allowed-role', enabled: false }] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: R.react }));
    await userEvent.click(canvas.getByRole('button', { name: R.more }));
    await waitFor(() => expect(canvas.getByPlaceholderText(R.searchEmoji)).toBeVisible(), {
      timeout: 10_000,
    });
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    start: { ...message, message: 'حصلنا على الشقة! سننتقل يوم السبت.', sender_username: 'بو' },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: R.chip('❤️', 2, true) }),
    ).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewportSize: 'mobile' },
  args: { start: { ...message, reactions: many } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: `+3 ${R.whoReactedOpen(18)}` }),
    ).toBeVisible();
  },
};

/** The chips alone, read-only (no onReact: a conversation one may not react in). */
export const ReadOnlyChips: Story = {
  render: () => (
    <ReactionChips
      reactions={message.reactions ?? []}
      viewerId={ME}
      nameOf={(id) => NAMES[id] ?? ''}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: R.chip('❤️', 2, true) }),
    ).toBeDisabled();
  },
};
