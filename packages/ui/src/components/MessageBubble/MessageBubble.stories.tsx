import type { ChatThemeName } from '@parley/chat-sdk';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { chatThemeTokens } from '../../theme/tokens/chatThemes';
import { MessageBubble, type MessageBubbleMessage } from './MessageBubble';

const S = UI_STRINGS.chat;

const received: MessageBubbleMessage = {
  id: 1,
  client_id: null,
  sender_id: 2,
  sender_username: 'bo',
  message: 'Did you see the new release?',
  timestamp: new Date(2026, 2, 10, 9, 15).toISOString(),
  type: 'received',
  status: 'sent',
};

const sent: MessageBubbleMessage = {
  ...received,
  id: 2,
  client_id: 'c-2',
  sender_id: 1,
  sender_username: 'ana',
  message: 'Yes! Translations are much better.',
  type: 'sent',
};

/** The story's bubble and a sent one on a chat theme's background (`parameters.chatTheme`). */
const onTheme: Decorator = (Story, context) => {
  const theme = (context.parameters.chatTheme as ChatThemeName | undefined) ?? 'default';
  return (
    <ChatThemeScope theme={theme} surface>
      <div style={{ padding: '1rem 0' }}>
        <Story />
        <MessageBubble message={sent} now={STORY_NOW} />
      </div>
    </ChatThemeScope>
  );
};

function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const meta = {
  title: 'Components/MessageBubble',
  component: MessageBubble,
  tags: ['autodocs'],
  decorators: [onTheme],
  args: { message: received, now: STORY_NOW, onRetry: fn() },
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

function themePlay(theme: ChatThemeName): Story['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bubble = (text: RegExp) => canvas.getByText(text).parentElement as HTMLElement;
    await expect(getComputedStyle(bubble(/new release/)).backgroundColor).toBe(
      rgb(chatThemeTokens[theme].received.background),
    );
    await expect(getComputedStyle(bubble(/much better/)).backgroundColor).toBe(
      rgb(chatThemeTokens[theme].sent.background),
    );
    // Today: HH:mm.
    await expect(canvas.getAllByText('09:15')).toHaveLength(2);
  };
}

export const ClassicTheme: Story = { play: themePlay('default') };
export const LightTheme: Story = { parameters: { chatTheme: 'light' }, play: themePlay('light') };
export const OceanTheme: Story = { parameters: { chatTheme: 'blue' }, play: themePlay('blue') };

export const Sending: Story = {
  args: { message: { ...sent, id: null, status: 'sending', message: 'On its way…' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('sending')).toHaveTextContent(S.sending);
  },
};

export const FailedWithRetry: Story = {
  args: { message: { ...sent, id: null, status: 'failed', message: 'This one failed' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(S.notSent)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.retry }));
    await expect(args.onRetry).toHaveBeenCalledWith('c-2');
  },
};

export const GroupSender: Story = {
  args: { showSender: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('bo')).toBeVisible();
  },
};

export const OlderDates: Story = {
  args: { message: { ...received, timestamp: new Date(2025, 11, 24, 18, 0).toISOString() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('24/12/2025')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    message: {
      ...received,
      message: `${'Supercalifragilisticexpialidocious'.repeat(6)}\n\nA second paragraph after a blank line, and a link-like https://example.com/a/very/long/path/that/keeps/going/and/going`,
    },
  },
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText(/Supercalifragilistic/);
    // Wraps inside the bubble instead of overflowing it.
    await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth + 1);
  },
};

export const WithFile: Story = {
  args: {
    message: {
      ...received,
      message: '',
      file_type: 'application',
      file_url: 'https://example.com/notes.pdf',
      file_name: 'notes.pdf',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'notes.pdf' })).toHaveAttribute(
      'href',
      'https://example.com/notes.pdf',
    );
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { message: { ...received, sender_username: 'ليلى', message: 'مرحبا! كيف حالك اليوم؟' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('مرحبا! كيف حالك اليوم؟')).toHaveAttribute(
      'dir',
      'auto',
    );
  },
};
