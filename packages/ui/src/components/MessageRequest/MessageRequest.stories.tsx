import { MESSAGE_REQUEST_ERROR_CODE } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import { MessageBubble, type MessageBubbleMessage } from '../MessageBubble/MessageBubble';
import { MessageRequestBanner } from './MessageRequestBanner';
import { MessageRequestNote } from './MessageRequestNote';

const S = UI_STRINGS.messageRequests;

const meta = {
  title: 'Components/MessageRequest',
  component: MessageRequestBanner,
  tags: ['autodocs'],
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
  args: { name: 'bo', onAccept: fn(), onBlock: fn(), onDelete: fn() },
} satisfies Meta<typeof MessageRequestBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The receiver's banner in place of the composer: Accept at once, Block and Delete confirmed. */
export const ReceiverBanner: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: S.bannerLabel });
    await expect(within(banner).getByRole('heading')).toHaveTextContent(S.wantsToMessage('bo'));
    await expect(banner).toHaveTextContent(S.readsHidden);
    await userEvent.click(canvas.getByRole('button', { name: S.accept }));
    await expect(args.onAccept).toHaveBeenCalledOnce();
  },
};

/** Block asks first; Cancel brings focus back to Block; nothing was blocked. */
export const BlockAsksToConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.block }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(S.confirmBlock('bo'));
    await expect(canvas.getByRole('button', { name: S.block })).toHaveFocus();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect(canvas.getByRole('button', { name: S.block })).toHaveFocus();
    await expect(args.onBlock).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await expect(args.onBlock).toHaveBeenCalledOnce();
  },
};

/** Delete asks first, naming who is not told. */
export const DeleteAsksToConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.delete }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(S.confirmDelete('bo'));
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: S.delete }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
  },
};

export const LongName: Story = {
  args: { name: 'maximiliana_de_la_cruz_fernandez_von_habsburg_lothringen' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: S.bannerLabel });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth + 1);
  },
};

export const RightToLeft: Story = {
  args: { name: 'ليلى' },
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading')).toHaveTextContent('ليلى');
  },
};

export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(async (canvasElement) =>
    within(canvasElement).findByRole('button', { name: S.accept }),
  ),
};

/** The sender's note above the composer while the request waits. */
export const SenderNote: Story = {
  render: () => <MessageRequestNote name="bo" remaining={2} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.sent('bo', 3));
  },
};

const refused: MessageBubbleMessage = {
  id: null,
  client_id: 'c-4',
  sender_id: 1,
  sender_username: 'ana',
  message: 'Are you there?',
  timestamp: STORY_NOW.toISOString(),
  type: 'sent',
  status: 'failed',
  error: { code: MESSAGE_REQUEST_ERROR_CODE, detail: 'You can send more messages once…' },
};

/** The fourth message: refused, kept with the reason and Retry; the note says to wait. */
export const FourthMessageRefused: Story = {
  render: () => (
    <ChatThemeScope theme="default" surface>
      <MessageBubble message={refused} now={STORY_NOW} onRetry={fn()} />
      <MessageRequestNote name="bo" remaining={0} />
    </ChatThemeScope>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(refused.message)).toBeVisible();
    await expect(canvas.getByText(S.refused)).toBeVisible();
    await expect(canvas.getByRole('button', { name: UI_STRINGS.chat.retry })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(S.noneLeft('bo'));
  },
};
