import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { pendingRequests } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { CreateGroupForm } from './CreateGroupForm';

const G = UI_STRINGS.createGroup;

const meta = {
  title: 'Components/CreateGroupForm',
  component: CreateGroupForm,
  tags: ['autodocs'],
  decorators: [padded],
  args: {
    connections: pendingRequests.slice(0, 6),
    onSearch: fn(),
    onCreate: fn(async () => undefined),
  },
} satisfies Meta<typeof CreateGroupForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CreatesAndClears: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: G.submit }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(G.invalid);
    await userEvent.type(canvas.getByRole('textbox', { name: G.nameLabel }), '  Study buddies ');
    await userEvent.click(canvas.getByRole('checkbox', { name: /carmen/ }));
    // Valid now: the error does not outlive its cause.
    await expect(canvas.queryByRole('alert')).toBeNull();
    // Keyboard: Space toggles a checkbox.
    canvas.getByRole('checkbox', { name: /dmitri/ }).focus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByText(G.selected(2))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: G.submit }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(G.created('Study buddies'));
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'Study buddies',
      userIds: [101, 102],
      image: null,
    });
    await expect(canvas.getByRole('textbox', { name: G.nameLabel })).toHaveValue('');
  },
};

export const SearchIsDebounced: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(
      within(canvasElement).getByRole('searchbox', { name: G.searchLabel }),
      'car',
    );
    await expect(args.onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('car'));
  },
};

export const Fails: Story = {
  args: { onCreate: fn(async () => Promise.reject(new Error('boom'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: G.nameLabel }), 'X');
    await userEvent.click(canvas.getByRole('checkbox', { name: /ben/ }));
    await userEvent.click(canvas.getByRole('button', { name: G.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(G.failed);
  },
};

export const NoConnections: Story = {
  args: { connections: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(G.noConnections)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { connections: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { connections: [], loadError: G.loadFailed },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(G.loadFailed);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: /ليلى/ })).toBeVisible();
  },
};

/** Issue 25: the connections checklist shows each person's languages. */
export const WithLanguages: Story = {
  args: {
    connections: pendingRequests
      .slice(0, 3)
      .map((user, index) => ({ ...user, languages: [['es'], ['en'], ['pt']][index] as string[] })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Español')).toBeVisible();
    await expect(canvas.getByText('Português')).toHaveAttribute('lang', 'pt');
  },
};
