import type { UserSummary } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { directoryUsers } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { UserSearchPanel } from './UserSearchPanel';

const S = UI_STRINGS.userSearch;

const meta = {
  title: 'Components/UserSearchPanel',
  component: UserSearchPanel,
  tags: ['autodocs'],
  decorators: [(Story) => <div style={{ height: 480, maxWidth: 360 }}>{Story()}</div>],
  args: {
    users: directoryUsers.slice(0, 20),
    hasMore: false,
    onQueryChange: fn(),
    onLoadMore: fn(),
    onSelect: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof UserSearchPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: S.title })).toBeVisible();
    const box = canvas.getByRole('searchbox', { name: S.searchLabel });
    await expect(box).toHaveFocus();
    await expect(box).toHaveAttribute('placeholder', 'Search User');
    await userEvent.click(canvas.getByRole('button', { name: /^user03/ }));
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 102 }));
  },
};

export const DebouncedQuery: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(within(canvasElement).getByRole('searchbox'), 'ana');
    await expect(args.onQueryChange).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onQueryChange).toHaveBeenCalledWith('ana'));
    await expect(args.onQueryChange).toHaveBeenCalledOnce();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    within(canvasElement).getByRole('searchbox').focus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** Pages arrive as the end sentinel scrolls into view (IntersectionObserver). */
export const InfiniteScroll: Story = {
  render: function Render(args) {
    const [users, setUsers] = useState<UserSummary[]>(directoryUsers.slice(0, 20));
    return (
      <UserSearchPanel
        {...args}
        users={users}
        hasMore={users.length < directoryUsers.length}
        onLoadMore={() => {
          args.onLoadMore();
          setUsers(directoryUsers.slice(0, users.length + 20));
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('list', { name: S.listLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await expect(args.onLoadMore).not.toHaveBeenCalled();
    list.parentElement?.scrollTo({ top: 1e6 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40));
    await waitFor(() => {
      list.parentElement?.scrollTo({ top: 1e6 });
      expect(within(list).getAllByRole('listitem')).toHaveLength(45);
    });
    await expect(args.onLoadMore).toHaveBeenCalledTimes(2);
    await expect(within(canvasElement).queryByTestId('users-end')).toBeNull();
  },
};

export const Loading: Story = {
  args: { users: [], loading: true, hasMore: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.loading);
  },
};

export const NoResults: Story = {
  args: { users: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.noResults)).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { users: [], error: S.loadFailed },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(S.loadFailed);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { users: [{ ...directoryUsers[0], id: 9, username: 'ليلى' } as UserSummary] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('ليلى')).toBeVisible();
  },
};

/** Issue 25: each person's languages, as chips with the language's own name, inside their row. */
export const WithLanguages: Story = {
  args: {
    users: directoryUsers.slice(0, 4).map((user, index) => ({
      ...user,
      languages: [['es'], ['en'], ['de', 'fr'], ['it']][index] as string[],
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = directoryUsers[0] as UserSummary;
    // The chips are part of the row's name: 'user01 Languages: Español'.
    await expect(
      canvas.getByRole('button', { name: new RegExp(`${first.username}.*Languages: Español`) }),
    ).toBeVisible();
    await expect(canvas.getByText('Deutsch')).toHaveAttribute('lang', 'de');
    await expect(canvas.getByText('Italiano')).toBeVisible();
  },
};
