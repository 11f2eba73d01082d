import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CALL_STRINGS } from '../../callStrings';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { PHONE } from '../../mocks/devices';
import { SYSTEM_ROW_STRINGS } from '../../systemRowStrings';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubble';
import { SystemRow } from './SystemRow';

const G = SYSTEM_ROW_STRINGS.group;
const R = CALL_STRINGS.record;

const base: MessageBubbleMessage = {
  id: 1,
  client_id: null,
  sender_id: 2,
  sender_username: 'bo',
  message: '',
  timestamp: new Date(2026, 2, 10, 14, 5).toISOString(),
  type: 'received',
  status: 'sent',
};

const meta = {
  title: 'Components/SystemRow',
  component: SystemRow,
  tags: ['autodocs'],
  args: {
    now: STORY_NOW,
    message: { ...base, call_event: { event: 'started', call_type: 'audio' } },
  },
} satisfies Meta<typeof SystemRow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Not a bubble: a centred line with its time, read out as a call record. */
export const CallStarted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(R.started('audio'))).toBeVisible();
    await expect(canvas.getByText('14:05')).toBeVisible();
    await expect(canvas.getByText(/^Call:/)).toBeInTheDocument();
    const row = canvasElement.querySelector('[data-system-row="call"]') as HTMLElement;
    const pill = row.firstElementChild as HTMLElement;
    const rowBox = row.getBoundingClientRect();
    const pillBox = pill.getBoundingClientRect();
    // Centred: as much room on each side.
    await expect(
      Math.abs(pillBox.left - rowBox.left - (rowBox.right - pillBox.right)),
    ).toBeLessThanOrEqual(1);
  },
};

export const CallEnded: Story = {
  args: {
    message: {
      ...base,
      call_event: { event: 'ended', call_type: 'video', reason: 'ended', duration_seconds: 133 },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(R.ended('video', '2:13'))).toBeVisible();
  },
};

export const MissedCall: Story = {
  args: {
    message: { ...base, call_event: { event: 'ended', call_type: 'audio', reason: 'missed' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(R.missed('audio'))).toBeVisible();
  },
};

export const DeclinedCall: Story = {
  args: {
    message: { ...base, call_event: { event: 'ended', call_type: 'video', reason: 'declined' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(R.declined('video'))).toBeVisible();
  },
};

export const GroupCreated: Story = {
  args: {
    message: {
      ...base,
      group_event: {
        event: 'created',
        actor_id: 2,
        actor_username: 'bo',
        members: [],
        group_name: 'Team Parley',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(G.created('bo', 'Team Parley'))).toBeVisible();
    await expect(canvas.getByText(/^Group event:/)).toBeInTheDocument();
  },
};

/** The reader acted: a sentence of its own ('You added …'), and a member who is the reader is 'you'. */
export const MemberAddedByMe: Story = {
  args: {
    meId: 1,
    message: {
      ...base,
      sender_id: 1,
      sender_username: 'ana',
      type: 'sent',
      group_event: {
        event: 'member_added',
        actor_id: 1,
        actor_username: 'ana',
        members: [
          { id: 3, username: 'carmen' },
          { id: 4, username: 'dai' },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(G.addedByYou('carmen and dai'))).toBeVisible();
  },
};

export const MemberRemoved: Story = {
  args: {
    meId: 3,
    message: {
      ...base,
      group_event: {
        event: 'member_removed',
        actor_id: 2,
        actor_username: 'bo',
        members: [{ id: 3, username: 'carmen' }],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(G.removed('bo', G.you))).toBeVisible();
  },
};

export const MemberLeft: Story = {
  args: {
    message: {
      ...base,
      group_event: { event: 'left', actor_id: 2, actor_username: 'bo', members: [] },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(G.left('bo'))).toBeVisible();
  },
};

export const LongNames: Story = {
  args: {
    message: {
      ...base,
      group_event: {
        event: 'member_added',
        actor_id: 2,
        actor_username: 'a-very-long-username-that-does-not-fit',
        members: Array.from({ length: 6 }, (_, i) => ({
          id: 10 + i,
          username: `member-${i}-long`,
        })),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const row = canvasElement.querySelector('[data-system-row]') as HTMLElement;
    await expect(row.scrollWidth).toBeLessThanOrEqual(row.clientWidth);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    message: {
      ...base,
      sender_username: 'ليلى',
      group_event: { event: 'left', actor_id: 2, actor_username: 'ليلى', members: [] },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(G.left('ليلى'))).toBeVisible();
  },
};

export const Phone: Story = {
  globals: PHONE,
  args: {
    message: {
      ...base,
      call_event: { event: 'ended', call_type: 'audio', reason: 'ended', duration_seconds: 5 },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(R.ended('audio', '0:05'))).toBeVisible();
  },
};

/** The Spanish interface: the members joined as Spanish joins a list ('carmen, dai y eva'). */
export const MembersAddedSpanish: Story = {
  globals: { locale: 'es' },
  args: {
    message: {
      ...base,
      group_event: {
        event: 'member_added',
        actor_id: 2,
        actor_username: 'bo',
        members: [
          { id: 3, username: 'carmen' },
          { id: 4, username: 'dai' },
          { id: 5, username: 'eva' },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(G.added('bo', 'carmen, dai y eva')),
    ).toBeVisible();
  },
};
