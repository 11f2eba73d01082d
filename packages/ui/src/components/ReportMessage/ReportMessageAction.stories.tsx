import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { STORY_NOW } from '../../mocks/chat';
import { UI_STRINGS } from '../../strings';
import { MessageBubble, type MessageBubbleMessage } from '../MessageBubble/MessageBubble';

const A = MESSAGE_ACTION_STRINGS;
const R = UI_STRINGS.report;

const received: MessageBubbleMessage = {
  id: 21,
  client_id: null,
  sender_id: 3,
  sender_username: 'carmen',
  message: 'Send me your bank details.',
  original_message: 'Mándame tus datos bancarios.',
  original_language: 'es',
  translated: true,
  timestamp: STORY_NOW.toISOString(),
  type: 'received',
  status: 'sent',
};

const meta = {
  title: 'Components/MessageActions/ReportMessage',
  component: MessageBubble,
  decorators: [
    (Story) => (
      <ChatThemeScope theme="default" surface>
        <div style={{ padding: '1rem 0' }}>
          <Story />
        </div>
      </ChatThemeScope>
    ),
  ],
  args: {
    message: received,
    now: STORY_NOW,
    actions: { onReply: fn(), onReportMessage: fn(async () => undefined) },
  },
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'Report message' in someone else's message's actions: reason, send, 'Report sent'. */
export const FromTheActionsMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: A.actions }));
    await userEvent.click(canvas.getByRole('button', { name: A.reportMessage }));
    const dialog = within(
      await canvas.findByRole('dialog', { name: A.reportMessageTitle('carmen') }),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: R.reasonLabel }), 'Scam');
    await userEvent.click(dialog.getByRole('button', { name: R.submit }));
    await waitFor(() =>
      expect(args.actions?.onReportMessage).toHaveBeenCalledWith(received, 'Scam'),
    );
    await expect(await canvas.findByRole('dialog', { name: A.reportSent })).toBeVisible();
  },
};

/** My own messages offer no 'Report message'. */
export const NotOnMyOwnMessage: Story = {
  args: { message: { ...received, type: 'sent', sender_id: 1, sender_username: 'ana' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: A.actions }));
    await expect(canvas.queryByRole('button', { name: A.reportMessage })).toBeNull();
  },
};
