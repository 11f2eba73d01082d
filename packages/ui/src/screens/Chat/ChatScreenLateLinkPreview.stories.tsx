import type { ChatMessage, LinkPreviewFrame } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { conversationBodyLoader } from '../../../storybook/lazyChunks';
import {
  chatHandlers,
  mockChatSocket,
  STORY_NOW,
  serverMessage,
  storedConversation,
} from '../../mocks/chat';
import { signedIn } from '../../mocks/decorators';
import { expectNoSidewaysScroll, PHONE } from '../../mocks/devices';
import { defaultHandlers } from '../../mocks/handlers';
import { SAMPLE_IMAGE_URL } from '../../mocks/media';
import { pendingHandler } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { ChatScreen } from './ChatScreen';

const S = UI_STRINGS.chat;
const BO_ROOM = 'private-1-2';
const LINK = 'http://news.example.com/2026/rivers';

/** bo's link went out before the site answered: the message has no card yet. */
const withLink: ChatMessage = serverMessage({
  room_name: BO_ROOM,
  sender_id: 2,
  message: `The river walk is on the news: ${LINK}`,
  timestamp: new Date(2026, 2, 10, 14, 5).toISOString(),
});

/** The card the server made after the wait (docs/socket-protocol.md, "Link preview and search polish"). */
const lateCard: LinkPreviewFrame = {
  type: 'link_preview',
  message_id: withLink.id,
  room_name: BO_ROOM,
  link_preview: {
    url: LINK,
    title: 'Walking the river, one town at a time',
    description: 'A path along the water from the old bridge to the harbour.',
    image_url: SAMPLE_IMAGE_URL,
    site_name: 'news.example.com',
  },
};

const meta = {
  title: 'Screens/Chat/Late link preview',
  loaders: [conversationBodyLoader],
  component: ChatScreen,
  decorators: [signedIn],
  args: { now: STORY_NOW, onNavigate: fn(), notificationCount: 0 },
  parameters: {
    msw: {
      handlers: {
        ...defaultHandlers,
        ...chatHandlers,
        pending: pendingHandler([]),
        socket: mockChatSocket({
          history: { [BO_ROOM]: [...storedConversation(BO_ROOM, 3), withLink] },
          afterJoin: () => [lateCard],
        }),
      },
    },
  },
} satisfies Meta<typeof ChatScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens bo's chat and waits for the late card on the bubble of its message. */
async function lateCardShown(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const sidebar = within(await canvas.findByRole('navigation', { name: S.sidebarLabel }));
  await userEvent.click(await sidebar.findByRole('button', { name: /^bo/ }));
  const messages = within(await canvas.findByRole('region', { name: S.messagesLabel }));
  const text = await messages.findByText(/The river walk is on the news/);
  const card = await messages.findByRole('link', { name: /Walking the river/ });
  await expect(card).toHaveAttribute('href', LINK);
  // On the bubble of the message it belongs to.
  await expect(text.closest('[data-status]')).toContainElement(card);
}

/**
 * The message shows at once without its card; the card arrives later in its own frame and is drawn
 * on the same bubble, as if it had come with it.
 */
export const CardArrivesLate: Story = {
  play: async ({ canvasElement }) => lateCardShown(canvasElement),
};

/** The same on a phone: the card fits the bubble, nothing scrolls sideways. */
export const CardArrivesLatePhone: Story = {
  globals: PHONE,
  play: async ({ canvasElement }) => {
    await lateCardShown(canvasElement);
    await expectNoSidewaysScroll(canvasElement);
  },
};
