import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { mockChatUsers, mockGroups, STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import { ChatSidebar } from './ChatSidebar';
import { groupChatEntry, privateChatEntry } from './chatListEntry';

// Issue 25: the Requests tab beside All / Private / Group.

const T = UI_STRINGS.chat.tabs;
const R = UI_STRINGS.messageRequests;

const stranger = (id: number, username: string, last: string) =>
  privateChatEntry(1, {
    ...(mockChatUsers[0] as (typeof mockChatUsers)[number]),
    id,
    username,
    last_message: last,
    request: 'incoming',
  });

const withRequests = [
  ...mockChatUsers.map((u) => privateChatEntry(1, u)),
  ...mockGroups.map(groupChatEntry),
  stranger(20, 'felix', 'Hi! We met at the conference'),
  stranger(21, 'maximiliana_de_la_cruz_fernandez_von_habsburg', 'Hello, I saw your post about…'),
];

const meta = {
  title: 'Components/ChatSidebar/Requests',
  component: ChatSidebar,
  tags: ['autodocs'],
  decorators: [(Story) => <div style={{ height: '100dvh', maxWidth: 360 }}>{Story()}</div>],
  args: {
    entries: withRequests,
    now: STORY_NOW,
    onSelect: fn(),
    onSearchAllUsers: fn(),
    onCreateGroup: fn(),
  },
} satisfies Meta<typeof ChatSidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

const listed = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('tabpanel'))
    .queryAllByRole('button')
    .map((b) => b.querySelector('[dir="auto"]')?.textContent);

/** Incoming requests are only under Requests (with their count), never under All or Private. */
export const RequestsTab: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const tab = canvas.getByRole('tab', { name: new RegExp(`^${T.requests}`) });
    await expect(tab).toHaveTextContent(`2 ${R.countLabel}`);
    await expect(listed(canvasElement)).not.toContain('felix');
    await userEvent.click(tab);
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(listed(canvasElement)).toEqual([
      'felix',
      'maximiliana_de_la_cruz_fernandez_von_habsburg',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: /^felix/ }));
    await expect(args.onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'private-1-20', request: 'incoming' }),
    );
    // The arrow keys reach it like any tab.
    await userEvent.click(canvas.getByRole('tab', { name: T.all }));
    await userEvent.keyboard('{End}');
    await expect(tab).toHaveFocus();
  },
};

/** No request left: the tab says so. */
export const EmptyRequests: Story = {
  args: { entries: withRequests.filter((e) => !e.request), requestsTab: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: T.requests }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(R.empty);
  },
};

/** A backend without message requests: the three tabs of the spec, as before. */
export const SpecBackendNoRequestsTab: Story = {
  args: { entries: withRequests.filter((e) => !e.request) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('tab')).toHaveLength(3);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: new RegExp(`^${T.requests}`) }));
    await expect(listed(canvasElement)).toHaveLength(2);
  },
};

export const Phone: Story = {
  globals: PHONE,
  decorators: [(Story) => <div style={{ height: '100dvh' }}>{Story()}</div>],
  play: fitsPhone(async (canvasElement) =>
    within(canvasElement).findByRole('tab', { name: new RegExp(`^${T.requests}`) }),
  ),
};
