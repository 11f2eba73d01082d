import { MESSAGE_REQUEST_ERROR_CODE } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { conversationBodyLoader } from '../../../storybook/lazyChunks';
import { privateChatEntry } from '../../components/ChatSidebar/chatListEntry';
import type { MessageBubbleMessage } from '../../components/MessageBubble/MessageBubble';
import { MessageRequestBanner } from '../../components/MessageRequest/MessageRequestBanner';
import { MessageRequestNote } from '../../components/MessageRequest/MessageRequestNote';
import { directoryUsers, mockChatUsers, STORY_NOW } from '../../mocks/chat';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import { ChatView } from './ChatView';

// Issue 25: a message request inside the chat screen — the receiver's banner in place of the
// composer, the sender's note above it.

const R = UI_STRINGS.messageRequests;
const base = mockChatUsers[0] as (typeof mockChatUsers)[number];
const felix = privateChatEntry(1, {
  ...base,
  id: 20,
  username: 'felix',
  last_message: 'Hi! We met at the conference',
  request: 'incoming',
});
const carmen = privateChatEntry(1, {
  ...base,
  id: 3,
  username: 'carmen',
  request: 'outgoing',
  request_remaining: 0,
});
const entries = [...mockChatUsers.slice(1).map((u) => privateChatEntry(1, u)), felix];

function said(id: number, text: string, mine: boolean, over: Partial<MessageBubbleMessage> = {}) {
  return {
    id,
    client_id: mine ? `c-${id}` : null,
    sender_id: mine ? 1 : 20,
    sender_username: mine ? 'ana' : 'felix',
    message: text,
    timestamp: new Date(STORY_NOW.getTime() - (10 - id) * 60_000).toISOString(),
    type: mine ? 'sent' : 'received',
    status: 'sent',
    ...over,
  } satisfies MessageBubbleMessage;
}

const meta = {
  title: 'Screens/ChatView/Message requests',
  loaders: [conversationBodyLoader],
  component: ChatView,
  tags: ['autodocs'],
  args: {
    entries,
    selected: felix,
    messages: [said(1, 'Hi! We met at the conference', false), said(2, 'Are you on here?', false)],
    now: STORY_NOW,
    onSelect: fn(),
    onSend: fn(),
    onTyping: fn(),
    onStopTyping: fn(),
    onRetry: fn(),
    onLoadOlder: fn(),
    onSelectUser: fn(),
    connection: { status: 'open' },
    userSearch: {
      users: directoryUsers.slice(0, 5),
      hasMore: false,
      onOpen: fn(),
      onQueryChange: fn(),
      onLoadMore: fn(),
    },
    messageRequest: {
      replacesComposer: true,
      panel: <MessageRequestBanner name="felix" onAccept={fn()} onBlock={fn()} onDelete={fn()} />,
    },
  },
} satisfies Meta<typeof ChatView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The receiver opened a request: the banner takes the composer's place. */
export const ReceiverOpensRequest: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: R.bannerLabel })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: UI_STRINGS.chat.composerLabel })).toBeNull();
    await userEvent.click(canvas.getByRole('tab', { name: /^Requests/ }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('felix');
  },
};

/** The sender after the refused fourth message: the reason under it, the note above the composer. */
export const SenderAtTheLimit: Story = {
  args: {
    entries: [carmen, ...entries.slice(1, 3)],
    selected: carmen,
    messages: [
      said(1, 'Hola Carmen!', true),
      said(2, 'I am Ana from the course', true),
      said(3, 'Write back when you can', true),
      said(4, 'Still there?', true, {
        id: null,
        status: 'failed',
        error: { code: MESSAGE_REQUEST_ERROR_CODE, detail: 'You can send more messages once…' },
      }),
    ],
    messageRequest: {
      replacesComposer: false,
      panel: <MessageRequestNote name="carmen" remaining={0} />,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(R.refused)).toBeVisible();
    await expect(canvas.getByText(R.noneLeft('carmen'))).toBeVisible();
  },
};

export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(async (canvasElement) =>
    within(canvasElement).findByRole('button', { name: R.accept }),
  ),
};
