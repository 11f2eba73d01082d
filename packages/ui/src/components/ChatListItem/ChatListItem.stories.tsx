import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { STORY_NOW } from '../../mocks/chat';
import { padded, rtl } from '../../mocks/decorators';
import { PHONE } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import { SYSTEM_ROW_STRINGS } from '../../systemRowStrings';
import { ChatListItem } from './ChatListItem';

const meta = {
  title: 'Components/ChatListItem',
  component: ChatListItem,
  tags: ['autodocs'],
  decorators: [padded],
  args: {
    name: 'bo',
    colorKey: 2,
    lastMessage: 'See you at 5!',
    lastMessageTime: new Date(2026, 2, 10, 14, 5).toISOString(),
    now: STORY_NOW,
    onSelect: fn(),
  },
} satisfies Meta<typeof ChatListItem>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Today: HH:mm.
    await expect(canvas.getByText('14:05')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /bo/ }));
    await expect(args.onSelect).toHaveBeenCalledOnce();
  },
};

export const Selected: Story = {
  args: { selected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveAttribute('aria-current', 'true');
  },
};

export const SameYear: Story = {
  args: { lastMessageTime: new Date(2026, 0, 5, 8, 0).toISOString() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('5 Jan')).toBeVisible();
  },
};

export const OlderYear: Story = {
  args: { lastMessageTime: new Date(2024, 10, 3, 8, 0).toISOString() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('03/11/2024')).toBeVisible();
  },
};

export const NoMessagesYet: Story = {
  args: { lastMessage: null, lastMessageTime: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('time')).toBeNull();
  },
};

export const LongText: Story = {
  decorators: [(Story) => <div style={{ width: 280 }}>{Story()}</div>],
  args: {
    name: 'a-very-long-username-that-does-not-fit-the-sidebar',
    lastMessage:
      'This is a rather long last message that should be cut with an ellipsis instead of wrapping',
  },
  play: async ({ canvasElement }) => {
    const preview = within(canvasElement).getByText(/rather long last message/);
    await expect(preview.scrollWidth).toBeGreaterThan(preview.clientWidth);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { name: 'ليلى', lastMessage: 'مرحبا، كيف حالك؟' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('مرحبا، كيف حالك؟')).toBeVisible();
  },
};

/** Issue 25: messages not read yet (the count clears on every device once read on one). */
export const Unread: Story = {
  args: { unread: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveTextContent(
      `3 ${UI_STRINGS.receipts.unreadLabel}`,
    );
  },
};

const P = SYSTEM_ROW_STRINGS.preview;

/** A voice note reads 'Voice message 0:05', never its file name. */
export const VoiceMessagePreview: Story = {
  args: {
    lastMessage: 'voice.webm',
    lastMessageInfo: { sender_id: 2, file_type: 'audio', voice: true, duration_seconds: 5 },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(P.voice('0:05'))).toBeVisible();
    await expect(canvas.queryByText('voice.webm')).toBeNull();
  },
};

export const PhotoPreview: Story = {
  args: { lastMessage: 'IMG_2041.jpg', lastMessageInfo: { sender_id: 2, file_type: 'image' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.photo)).toBeVisible();
  },
};

/** One's own last message: 'You: …' (a video here). */
export const MyVideoPreview: Story = {
  args: {
    lastMessage: 'clip.mp4',
    lastMessageInfo: { sender_id: 1, file_type: 'video' },
    lastMessageMine: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.mine(P.video))).toBeVisible();
  },
};

export const MyTextPreview: Story = {
  args: { lastMessageInfo: { sender_id: 1, file_type: 'text' }, lastMessageMine: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.mine('See you at 5!'))).toBeVisible();
  },
};

export const FilePreview: Story = {
  args: { lastMessage: 'report.pdf', lastMessageInfo: { sender_id: 2, file_type: 'application' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.file)).toBeVisible();
  },
};

/** A call record is never 'You: …': 'Missed audio call', 'Audio call 2:13'. */
export const MissedCallPreview: Story = {
  args: {
    lastMessage: 'Missed audio call',
    lastMessageInfo: {
      sender_id: 1,
      file_type: 'text',
      call_event: { event: 'ended', call_type: 'audio', reason: 'missed' },
    },
    lastMessageMine: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.missedCall('audio'))).toBeVisible();
  },
};

/**
 * The last message was deleted for everyone (issue 25): the list says so, as WhatsApp does
 * ('You deleted this message.' when it was one's own). A message deleted for me only is never the
 * preview: the server and the sdk give the newest one still shown.
 */
export const DeletedPreview: Story = {
  args: {
    lastMessage: 'This message was deleted.',
    lastMessageInfo: { sender_id: 2, file_type: 'image', deleted: true },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.deleted)).toBeVisible();
  },
};

export const MyDeletedPreview: Story = {
  args: {
    lastMessage: 'This message was deleted.',
    lastMessageInfo: { sender_id: 1, file_type: 'text', deleted: true },
    lastMessageMine: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.deletedMine)).toBeVisible();
  },
};

export const CallPreview: Story = {
  args: {
    lastMessageInfo: {
      sender_id: 2,
      file_type: 'text',
      call_event: { event: 'ended', call_type: 'audio', reason: 'ended', duration_seconds: 133 },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.call('audio', '2:13'))).toBeVisible();
  },
};

export const GroupEventPreview: Story = {
  args: {
    name: 'Team Parley',
    lastMessageInfo: {
      sender_id: 2,
      file_type: 'text',
      group_event: {
        event: 'member_added',
        actor_id: 2,
        actor_username: 'bo',
        members: [{ id: 3, username: 'carmen' }],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(SYSTEM_ROW_STRINGS.group.added('bo', 'carmen')),
    ).toBeVisible();
  },
};

export const PreviewRightToLeft: Story = {
  decorators: [rtl],
  args: {
    name: 'ليلى',
    lastMessageInfo: { sender_id: 1, file_type: 'text' },
    lastMessage: 'مرحبا، كيف حالك؟',
    lastMessageMine: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.mine('مرحبا، كيف حالك؟'))).toBeVisible();
  },
};

export const PreviewPhone: Story = {
  globals: PHONE,
  args: {
    lastMessage: 'voice.webm',
    lastMessageInfo: { sender_id: 1, file_type: 'audio', voice: true, duration_seconds: 65 },
    lastMessageMine: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(P.mine(P.voice('1:05')))).toBeVisible();
  },
};

/** Issue 25: a muted chat: the muted icon, and its unread badge drawn grey. */
export const Muted: Story = {
  args: { unread: 4, muted: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: UI_STRINGS.mute.muted })).toBeVisible();
    await expect(canvas.getByRole('button')).toHaveTextContent(
      `4 ${UI_STRINGS.receipts.unreadLabel}`,
    );
  },
};

/** Muted with everything read: the icon alone sits by the time. */
export const MutedRead: Story = {
  args: { muted: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: UI_STRINGS.mute.muted })).toBeVisible();
    await expect(canvas.getByText('14:05')).toBeVisible();
  },
};

export const MutedRightToLeft: Story = {
  decorators: [rtl],
  args: { name: 'ليلى', lastMessage: 'مرحبا، كيف حالك؟', unread: 12, muted: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: UI_STRINGS.mute.muted }),
    ).toBeVisible();
  },
};

export const MutedPhone: Story = {
  globals: PHONE,
  args: {
    name: 'Weekend hikers with a very long group name',
    lastMessage: 'Who is bringing the map for Saturday morning?',
    unread: 120,
    muted: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveTextContent(
      `99+ ${UI_STRINGS.receipts.unreadLabel}`,
    );
  },
};
