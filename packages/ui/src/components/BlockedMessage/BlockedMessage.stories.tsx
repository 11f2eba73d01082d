import type { ChatThemeName } from '@parley/chat-sdk';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { expectFitsPhone, PHONE } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import { chatThemeTokens } from '../../theme/tokens/chatThemes';
import { MessageBubble, type MessageBubbleMessage } from '../MessageBubble/MessageBubble';
import { BlockedMessage } from './BlockedMessage';

const S = UI_STRINGS.blockedMessage;

/** Cy wrote in a group the reader is in; the reader blocked Cy (issue 29). */
const fromBlocked: MessageBubbleMessage = {
  id: 7,
  client_id: null,
  sender_id: 3,
  sender_username: 'cy',
  message: 'Did anyone book the table for Friday?',
  timestamp: new Date(2026, 2, 10, 9, 15).toISOString(),
  type: 'received',
  status: 'sent',
  from_blocked: true,
};

const LONG =
  'I wanted to write down everything about the trip so nobody forgets: the train leaves at 07:40 from platform 4, bring your passports, the hotel is near the old market, and if anyone arrives late please message the group before midnight so we can leave the key with the night porter. '.repeat(
    3,
  );

/** The story's message on a chat theme's background (`parameters.chatTheme`). */
const onTheme: Decorator = (Story, context) => {
  const theme = (context.parameters.chatTheme as ChatThemeName | undefined) ?? 'default';
  return (
    <ChatThemeScope theme={theme} surface>
      <div style={{ padding: '1rem 0' }}>
        <Story />
      </div>
    </ChatThemeScope>
  );
};

function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const meta = {
  title: 'Components/BlockedMessage',
  component: BlockedMessage,
  tags: ['autodocs'],
  decorators: [onTheme],
  args: { blocked: true, children: null },
  render: (args, context) => {
    const message = (context.parameters.message as MessageBubbleMessage | undefined) ?? fromBlocked;
    return (
      <BlockedMessage blocked={args.blocked}>
        <MessageBubble message={message} showSender now={STORY_NOW} />
      </BlockedMessage>
    );
  },
} satisfies Meta<typeof BlockedMessage>;
export default meta;
type Story = StoryObj<typeof meta>;

async function expectCollapsed(canvasElement: HTMLElement, text: string) {
  const canvas = within(canvasElement);
  await expect(canvas.getByText(S.collapsed)).toBeVisible();
  await expect(canvas.getByRole('button', { name: S.showLabel })).toHaveTextContent(S.show);
  // Nothing of the message is on the page (nor read out) until Show.
  await expect(canvas.queryByText(text)).toBeNull();
}

/** Collapsed: the placeholder and 'Show', nothing of what was written. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expectCollapsed(canvasElement, fromBlocked.message);
  },
};

/** Show reveals that message's ordinary bubble and puts focus on it. */
export const Shown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.showLabel }));
    await expect(canvas.getByText(fromBlocked.message)).toBeVisible();
    await expect(canvas.queryByText(S.collapsed)).toBeNull();
    const revealed = canvasElement.querySelector('[data-blocked-message="shown"]');
    await waitFor(() => expect(revealed).toHaveFocus());
  },
};

/** Keyboard only: Tab reaches Show, Enter reveals the message. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: S.showLabel })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText(fromBlocked.message)).toBeVisible();
  },
};

/** A long message stays one short line while collapsed, and wraps in full once shown. */
export const LongText: Story = {
  parameters: { message: { ...fromBlocked, message: LONG } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectCollapsed(canvasElement, LONG.trim());
    await userEvent.click(canvas.getByRole('button', { name: S.showLabel }));
    await expect(canvas.getByText(LONG.trim())).toBeVisible();
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};

/** Right to left (an Arabic-speaking reader): the placeholder and Show mirror. */
export const RightToLeft: Story = {
  decorators: [rtl],
  parameters: { message: { ...fromBlocked, sender_username: 'ليلى', message: 'مرحبا بالجميع' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectCollapsed(canvasElement, 'مرحبا بالجميع');
    await userEvent.click(canvas.getByRole('button', { name: S.showLabel }));
    await expect(canvas.getByText('مرحبا بالجميع')).toBeVisible();
  },
};

/** On a phone: no sideways scroll, Show is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: async ({ canvasElement }) => {
    await expectCollapsed(canvasElement, fromBlocked.message);
    await expectFitsPhone(canvasElement);
  },
};

/** Not blocked (or unblocked): the ordinary bubble, nothing added. */
export const NotBlocked: Story = {
  args: { blocked: false },
  parameters: { message: { ...fromBlocked, from_blocked: undefined } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(fromBlocked.message)).toBeVisible();
    await expect(canvas.queryByText(S.collapsed)).toBeNull();
  },
};

function themePlay(theme: ChatThemeName): Story['play'] {
  return async ({ canvasElement }) => {
    const placeholder = within(canvasElement).getByText(S.collapsed).parentElement as HTMLElement;
    await expect(getComputedStyle(placeholder).backgroundColor).toBe(
      rgb(chatThemeTokens[theme].received.background),
    );
  };
}

export const ClassicTheme: Story = { play: themePlay('default') };
export const LightTheme: Story = { parameters: { chatTheme: 'light' }, play: themePlay('light') };
export const OceanTheme: Story = { parameters: { chatTheme: 'blue' }, play: themePlay('blue') };
