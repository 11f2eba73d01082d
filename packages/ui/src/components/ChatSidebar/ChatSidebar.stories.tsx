import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { mockChatUsers, mockGroups, STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { perroHits } from '../../mocks/messageSearch';
import { ROUTES, UI_STRINGS } from '../../strings';
import { SearchResults } from '../SearchResults/SearchResults';
import { ChatSidebar } from './ChatSidebar';
import { groupChatEntry, privateChatEntry } from './chatListEntry';

const S = UI_STRINGS.chat;

const entries = [
  ...mockChatUsers.map((u) => privateChatEntry(1, u)),
  ...mockGroups.map(groupChatEntry),
];

const meta = {
  title: 'Components/ChatSidebar',
  component: ChatSidebar,
  tags: ['autodocs'],
  decorators: [(Story) => <div style={{ height: '100dvh', maxWidth: 360 }}>{Story()}</div>],
  args: {
    entries,
    now: STORY_NOW,
    onSelect: fn(),
    onSearchAllUsers: fn(),
    onCreateGroup: fn(),
    notificationCount: 4,
  },
} satisfies Meta<typeof ChatSidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

const names = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('tabpanel'))
    .queryAllByRole('button')
    .map((b) => b.querySelector('[dir="auto"]')?.textContent);

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(names(canvasElement)).toEqual([
      'bo',
      'Team Parley',
      'carmen',
      'dmitri',
      'ليلى',
      'emma',
      'Book Club',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: /^carmen/ }));
    await expect(args.onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'private-1-3' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: S.searchAllUsers }));
    await expect(args.onSearchAllUsers).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('link', { name: S.settings })).toHaveAttribute(
      'href',
      ROUTES.settings,
    );
    await userEvent.click(canvas.getByRole('button', { name: S.createGroups }));
    await expect(args.onCreateGroup).toHaveBeenCalledOnce();
  },
};

export const Selected: Story = {
  args: { selectedKey: 'private-1-2' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /^bo/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  },
};

export const KeyboardThroughTheList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: /^bo/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('button', { name: /^Team Parley/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('button', { name: /^bo/ })).toHaveFocus();
  },
};

export const TabsAndSearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: S.tabs.private }));
    await expect(names(canvasElement)).toHaveLength(5);
    await userEvent.type(canvas.getByRole('searchbox', { name: S.searchLabel }), 'M');
    // Debounced: still all five right after typing.
    await expect(names(canvasElement)).toHaveLength(5);
    await waitFor(() => expect(names(canvasElement)).toEqual(['carmen', 'dmitri', 'emma']));
  },
};

/** A typed query also searches messages (Parley): found ones show under 'Messages'. */
export const MessagesFound: Story = {
  args: {
    onQueryChange: fn(),
    messageResults: (
      <SearchResults
        query="perro"
        results={perroHits}
        status="done"
        onOpen={fn()}
        now={STORY_NOW}
      />
    ),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(UI_STRINGS.messageSearch.sectionTitle)).toBeNull();
    await userEvent.type(canvas.getByRole('searchbox', { name: S.searchLabel }), 'perro');
    await waitFor(() => expect(args.onQueryChange).toHaveBeenCalledWith('perro'));
    await expect(
      canvas.getByRole('heading', { name: UI_STRINGS.messageSearch.sectionTitle }),
    ).toBeVisible();
    await expect(canvas.getAllByRole('mark')).toHaveLength(3);
  },
};

export const NotificationsCapped: Story = {
  args: { notificationCount: 250 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: /Notifications/ }),
    ).toHaveTextContent('99+');
  },
};

export const Loading: Story = {
  args: { entries: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.loadingChats);
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.noChats)).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { entries: [], error: S.loadFailed },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(S.loadFailed);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('مرحبا، كيف حالك؟')).toBeVisible();
  },
};

/** No groups yet: the Group tab says so (and how to make one), not 'No matches found'. */
export const EmptyGroupTab: Story = {
  args: { entries: entries.filter((entry) => entry.kind === 'private'), defaultTab: 'group' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(S.noGroups)).toBeVisible();
    await expect(canvas.queryByText(S.noMatches)).toBeNull();
  },
};
