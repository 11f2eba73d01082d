import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { privateChatEntry } from '../../components/ChatSidebar/chatListEntry';
import { useMessageActionsMode } from '../../components/MessageActions/useMessageActionsMode';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { conversation, mockChatUsers, STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import * as css from './ChatView.css';
import type { ConversationBody } from './private/ConversationBody';
import { LazyConversationBody, preloadConversationBody } from './private/lazyConversationBody';

const S = UI_STRINGS.chat;
const [bo] = mockChatUsers;
if (!bo) throw new Error('the story needs a chat user');
const selected = privateChatEntry(1, bo);

type Load = () => Promise<typeof ConversationBody>;

/**
 * Issue 24: the open conversation's body (messages and composer) is loaded when a conversation first
 * opens, unless the idle preload after the chat list's first paint got there first. These are the
 * states a person can see in between: a status line while it loads, and a retry when it could not.
 */
function Pane({ load }: { load: Load }) {
  const onSend = fn();
  const actionsMode = useMessageActionsMode(selected.key, onSend, {});
  return (
    <div style={{ height: 480, display: 'flex' }} className={css.themeFill}>
      <ChatThemeScope surface>
        <div className={css.conversation}>
          <LazyConversationBody
            load={load}
            selected={selected}
            actionsMode={actionsMode}
            jumpTo={null}
            messages={conversation(6)}
            now={STORY_NOW}
          />
        </div>
      </ChatThemeScope>
    </div>
  );
}

const meta = {
  title: 'Screens/ChatView/Conversation loading',
  component: Pane,
} satisfies Meta<typeof Pane>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The body's code is still on its way: 'Loading messages...' as a status. */
export const Loading: Story = {
  args: { load: () => new Promise<never>(() => {}) },
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent(S.loadingConversation);
  },
};

/**
 * The load failed (offline, or a new version replaced the files): the failure as an alert with
 * Retry, which loads it again and shows the conversation.
 */
export const FailedThenRetried: Story = {
  args: {
    load: (() => {
      let tries = 0;
      return () => {
        tries += 1;
        return tries === 1
          ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
          : preloadConversationBody();
      };
    })(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(S.conversationLoadFailed);
    await userEvent.click(within(alert).getByRole('button', { name: S.retry }));
    // The retry imports the chunk: on a busy machine (Vite compiling it first) longer than 1 s.
    await expect(
      await canvas.findByRole('region', { name: S.messagesLabel }, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Right to left: the same failure in an Arabic page. */
export const FailedRtl: Story = {
  args: { load: () => Promise.reject(new Error('offline')) },
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toBeVisible();
  },
};
