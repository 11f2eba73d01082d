import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { perroHits } from '../../mocks/messageSearch';
import { UI_STRINGS } from '../../strings';
import { MessageSearchPanel } from './MessageSearchPanel';

const S = UI_STRINGS.messageSearch;
const inRoom = perroHits
  .slice(0, 2)
  .map((hit) => ({ ...hit, room: perroHits[0]?.room ?? hit.room }));

const meta = {
  title: 'Components/MessageSearchPanel',
  component: MessageSearchPanel,
  tags: ['autodocs'],
  decorators: [(Story) => <div style={{ height: 420, maxWidth: 480 }}>{Story()}</div>],
  args: {
    query: 'perro',
    results: inRoom,
    status: 'done',
    onQueryChange: fn(),
    onClose: fn(),
    onOpen: fn(),
    onLoadMore: fn(),
    onRetry: fn(),
    now: STORY_NOW,
  },
} satisfies Meta<typeof MessageSearchPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the conversation header: the field has focus; results name who wrote them. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('searchbox', { name: S.searchLabel });
    await expect(box).toHaveFocus();
    await userEvent.clear(box);
    await userEvent.type(box, 'gato');
    await waitFor(() => expect(args.onQueryChange).toHaveBeenCalledWith('gato'));
    // ArrowDown moves from the field into the results; Enter opens one.
    box.focus();
    await userEvent.keyboard('{ArrowDown}');
    const first = within(canvas.getByRole('list', { name: S.resultsLabel })).getAllByRole(
      'button',
    )[0];
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(inRoom[0]);
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    within(canvasElement).getByRole('searchbox').focus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
    await userEvent.click(within(canvasElement).getByRole('button', { name: S.close }));
    await expect(args.onClose).toHaveBeenCalledTimes(2);
  },
};

export const Searching: Story = {
  args: { status: 'loading', results: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.searching);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('searchbox')).toBeVisible();
  },
};

export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('list', { name: S.resultsLabel })),
};
