import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { conversationBodyLoader } from '../../../storybook/lazyChunks';
import { groupChatEntry, privateChatEntry } from '../../components/ChatSidebar/chatListEntry';
import type { MessageBubbleMessage } from '../../components/MessageBubble/MessageBubble';
import {
  conversation,
  directoryUsers,
  mockChatUsers,
  mockGroups,
  STORY_NOW,
} from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { chatThemeTokens } from '../../theme/tokens/chatThemes';
import { ChatView } from './ChatView';

const S = UI_STRINGS.chat;

const entries = [
  ...mockChatUsers.map((u) => privateChatEntry(1, u)),
  ...mockGroups.map(groupChatEntry),
];
const bo = entries[0] ?? null;

const meta = {
  title: 'Screens/ChatView',
  loaders: [conversationBodyLoader],
  component: ChatView,
  tags: ['autodocs'],
  args: {
    entries,
    selected: null,
    messages: [],
    now: STORY_NOW,
    onSelect: fn(),
    onSend: fn(),
    onTyping: fn(),
    onStopTyping: fn(),
    onRetry: fn(),
    onLoadOlder: fn(),
    onSelectUser: fn(),
    connection: { status: 'open' },
    notificationCount: 2,
    userSearch: {
      users: directoryUsers.slice(0, 20),
      hasMore: false,
      onOpen: fn(),
      onQueryChange: fn(),
      onLoadMore: fn(),
    },
  },
} satisfies Meta<typeof ChatView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The chat screen with a conversation open, as most people see it. */
export const Default: Story = {
  args: { selected: bo, messages: conversation(8) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('main', { name: S.conversationLabel('bo') })).toBeVisible();
  },
};

/** Every prop is a control: change the connection, the theme or the notification count. */
export const Playground: Story = {
  args: { selected: bo, messages: conversation(3), chatTheme: 'light', notificationCount: 120 },
  argTypes: {
    chatTheme: { control: 'inline-radio', options: ['default', 'light', 'blue'] },
  },
};

export const NothingSelected: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.selectPrompt)).toBeVisible();
  },
};

export const Conversation: Story = {
  args: { selected: bo, messages: conversation(40), typing: ['bo'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'bo' })).toBeVisible();
    await expect(canvas.getByRole('main', { name: S.conversationLabel('bo') })).toBeVisible();
    await expect(canvas.getByText('bo is typing...')).toBeVisible();
  },
};

function themeStory(theme: 'default' | 'light' | 'blue'): Story {
  return {
    args: { selected: bo, messages: conversation(12), chatTheme: theme },
    play: async ({ canvasElement }) => {
      const scope = canvasElement.querySelector(`[data-chat-theme="${theme}"]`);
      await expect(scope).not.toBeNull();
      const text = within(canvasElement).getByText(/\(#12\)$/);
      const bubble = text.parentElement as HTMLElement;
      const hex = chatThemeTokens[theme].received.background;
      const n = Number.parseInt(hex.slice(1), 16);
      await expect(getComputedStyle(bubble).backgroundColor).toBe(
        `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`,
      );
    },
  };
}

export const ClassicTheme = themeStory('default');
export const LightTheme = themeStory('light');
export const OceanTheme = themeStory('blue');

export const GroupConversation: Story = {
  args: {
    selected: entries.find((e) => e.kind === 'group') ?? null,
    messages: conversation(10),
    typing: ['bo', 'carmen'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { level: 2, name: 'Team Parley' });
    await expect(heading.parentElement).toHaveTextContent(S.group);
    await expect(canvas.getByText(S.typing(['bo', 'carmen']))).toBeVisible();
  },
};

const failed: MessageBubbleMessage = {
  id: null,
  client_id: 'c-failed',
  sender_id: 1,
  sender_username: 'ana',
  message: 'This did not go through',
  timestamp: STORY_NOW.toISOString(),
  type: 'sent',
  status: 'failed',
};

export const SendingAndFailed: Story = {
  args: {
    selected: bo,
    messages: [
      ...conversation(5),
      { ...failed, client_id: 'c-sending', message: 'On its way', status: 'sending' },
      failed,
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('sending')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: S.retry }));
    await expect(args.onRetry).toHaveBeenCalledWith('c-failed');
  },
};

export const EmptyConversation: Story = {
  args: { selected: entries.find((e) => e.name === 'emma') ?? null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.noMessages)).toBeVisible();
  },
};

export const LoadingChats: Story = {
  args: { entries: [], listLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.loadingChats)).toBeVisible();
  },
};

export const NoChats: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.noChats)).toBeVisible();
  },
};

export const ChatsFailed: Story = {
  args: { entries: [], listError: S.loadFailed },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(S.loadFailed);
  },
};

export const Connecting: Story = {
  args: { selected: bo, messages: conversation(5), connection: { status: 'connecting' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.connecting)).toBeVisible();
  },
};

export const Offline: Story = {
  // The reconnect time is relative to the story's fixed "now": no story reads the clock.
  args: {
    selected: bo,
    messages: conversation(5),
    connection: { status: 'closed', nextAttemptAt: STORY_NOW.getTime() + 4000 },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Offline\. Reconnecting in 4 s/)).toBeVisible();
  },
};

export const SearchAllUsersPanel: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.searchAllUsers }));
    await expect(args.userSearch.onOpen).toHaveBeenCalledOnce();
    await userEvent.click(await canvas.findByRole('button', { name: /^user05/ }));
    await expect(args.onSelectUser).toHaveBeenCalledWith(expect.objectContaining({ id: 104 }));
    // Choosing closes the panel.
    await expect(canvas.getByRole('navigation', { name: S.sidebarLabel })).toBeVisible();
  },
};

export const ThousandsOfMessages: Story = {
  args: { selected: bo, messages: conversation(5000), hasMore: true },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: S.messagesLabel });
    await expect(await within(region).findByText(/\(#5000\)$/)).toBeVisible();
    await expect(region.querySelectorAll('li').length).toBeLessThan(60);
  },
};

const arabic: MessageBubbleMessage[] = [
  ['مرحبا! كيف حالك اليوم؟', 'received'],
  ['بخير، شكراً! وأنت؟', 'sent'],
  ['هل رأيت الإصدار الجديد؟ الترجمة أفضل بكثير الآن.', 'received'],
].map(([message, type], i) => ({
  id: i + 1,
  client_id: null,
  sender_id: type === 'sent' ? 1 : 5,
  sender_username: type === 'sent' ? 'ana' : 'ليلى',
  message: message as string,
  timestamp: new Date(2026, 2, 10, 9, 10 + i).toISOString(),
  type: type as 'sent' | 'received',
  status: 'sent',
}));

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { selected: entries.find((e) => e.name === 'ليلى') ?? null, messages: arabic },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'ليلى' })).toBeVisible();
    await expect(canvas.getByText('بخير، شكراً! وأنت؟')).toBeVisible();
  },
};

/** The toolbar's Mobile viewport (375 px), as the visual tests picture it. */
export const MobileViewport: Story = {
  globals: { viewportSize: 'mobile' },
  args: { selected: bo, messages: conversation(6) },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector('[data-story-viewport="mobile"]');
    await expect(box?.getBoundingClientRect().width).toBeLessThanOrEqual(375);
    await expect(
      within(canvasElement).getByRole('main', { name: S.conversationLabel('bo') }),
    ).toBeVisible();
  },
};

/** The toolbar's Tablet viewport (768 px) in the ocean theme, right to left. */
export const TabletOceanRightToLeft: Story = {
  globals: { viewportSize: 'tablet', direction: 'rtl' },
  args: {
    selected: entries.find((e) => e.name === 'ليلى') ?? null,
    messages: arabic,
    chatTheme: 'blue',
  },
  play: async ({ canvasElement }) => {
    await expect(
      canvasElement.querySelector('[data-story-viewport="tablet"][dir="rtl"]'),
    ).not.toBeNull();
    await expect(within(canvasElement).getByText('بخير، شكراً! وأنت؟')).toBeVisible();
  },
};
