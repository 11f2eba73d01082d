import type { MemberReceipt } from '@parley/chat-sdk';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { MessageBubble } from '../MessageBubble/MessageBubble';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import { ReactionsAndReceiptsProvider } from '../Reactions/ReactionsContext';

const R = UI_STRINGS.receipts;
const ME = 1;
const NAMES: Record<number, string> = { 1: 'ana', 2: 'bo', 3: 'carmen', 4: 'dev' };

const sentAt = (minute: number) => new Date(2026, 2, 10, 9, minute).toISOString();

function mine(id: number, text: string, minute: number): MessageBubbleMessage {
  return {
    id,
    client_id: `c-${id}`,
    sender_id: ME,
    sender_username: 'ana',
    message: text,
    timestamp: sentAt(minute),
    type: 'sent',
    status: 'sent',
  };
}

const conversation = [
  mine(10, 'Read: Bo has seen this one.', 1),
  mine(11, 'Delivered: it reached Bo’s phone.', 2),
  mine(12, 'Sent: Bo has not been online since.', 3),
];

function Ticks({
  messages,
  receipts,
  roomName,
  group = false,
  memberIds,
}: {
  messages: MessageBubbleMessage[];
  receipts: Record<number, MemberReceipt>;
  roomName: string;
  group?: boolean;
  memberIds?: number[];
}) {
  return (
    <ReactionsAndReceiptsProvider
      value={{
        viewerId: ME,
        nameOf: (id) => NAMES[id] ?? 'someone',
        receipts,
        roomName,
        group,
        memberIds,
      }}
    >
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} now={STORY_NOW} showSender={group} />
      ))}
    </ReactionsAndReceiptsProvider>
  );
}

const onTheme: Decorator = (Story) => (
  <ChatThemeScope theme="default" surface>
    <div style={{ padding: '1rem 0' }}>
      <Story />
    </div>
  </ChatThemeScope>
);

const meta = {
  title: 'Components/ReadTicks',
  component: Ticks,
  decorators: [onTheme],
  args: {
    messages: conversation,
    roomName: 'private-1-2',
    receipts: {
      2: { delivered_up_to: 11, read_up_to: 10, read_at: sentAt(4) },
    },
  },
} satisfies Meta<typeof Ticks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One tick (Sent), two (Delivered), two coloured (Read), each named for screen readers. */
export const SentDeliveredRead: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ticksOf = (text: RegExp) =>
      canvas.getByText(text).closest('[data-status]')?.querySelector('[data-ticks]');
    await expect(ticksOf(/Read: Bo/)).toHaveTextContent(R.read);
    await expect(ticksOf(/Delivered: it/)).toHaveTextContent(R.delivered);
    await expect(ticksOf(/Sent: Bo/)).toHaveTextContent(R.sent);
  },
};

/** In a group: 'Read by N' opens the list of who read it and when. */
export const ReadByInGroup: Story = {
  args: {
    roomName: 'weekend-trip',
    group: true,
    memberIds: [ME, 2, 3, 4],
    messages: [mine(20, 'Who is bringing the tent?', 5)],
    receipts: {
      2: { delivered_up_to: 20, read_up_to: 20, read_at: sentAt(6) },
      3: { delivered_up_to: 20, read_up_to: 20, read_at: sentAt(7) },
      4: { delivered_up_to: 20, read_up_to: 0, read_at: null },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-ticks]')).toHaveTextContent(R.delivered);
    await userEvent.click(canvas.getByRole('button', { name: R.readBy(2) }));
    const dialog = await within(document.body).findByRole('dialog', { name: R.readByTitle });
    await expect(within(dialog).getByText('bo')).toBeVisible();
    await expect(within(dialog).getByText('carmen')).toBeVisible();
    await expect(within(dialog).queryByText('dev')).toBeNull();
  },
};

/** A backend that sends no receipts (spec only), or read receipts turned off: no ticks at all. */
export const NoReceipts: Story = {
  render: (args) => (
    <ReactionsAndReceiptsProvider value={{ viewerId: ME, nameOf: () => '' }}>
      {args.messages.map((message) => (
        <MessageBubble key={message.id} message={message} now={STORY_NOW} />
      ))}
    </ReactionsAndReceiptsProvider>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-ticks]')).toBeNull();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    messages: [mine(10, 'رأى بو هذه الرسالة.', 1), mine(12, 'لم يتصل بو منذ ذلك الحين.', 3)],
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-ticks]')).toHaveLength(2);
  },
};

export const Phone: Story = {
  globals: { viewportSize: 'mobile' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-ticks]')).toHaveLength(3);
  },
};
