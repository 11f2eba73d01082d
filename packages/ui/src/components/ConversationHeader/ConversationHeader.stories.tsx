import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { ConversationHeader } from './ConversationHeader';

const S = UI_STRINGS.chat;

const meta = {
  title: 'Components/ConversationHeader',
  component: ConversationHeader,
  tags: ['autodocs'],
  args: { name: 'bo', colorKey: 2, onAudioCall: fn(), onVideoCall: fn() },
} satisfies Meta<typeof ConversationHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'bo' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'bo' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.audioCall }));
    await expect(args.onAudioCall).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: S.videoCall }));
    await expect(args.onVideoCall).toHaveBeenCalledOnce();
  },
};

/** With message search (Parley): a search button before the call buttons. */
export const WithSearch: Story = {
  args: { onSearch: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', {
        name: UI_STRINGS.messageSearch.searchInConversation,
      }),
    );
    await expect(args.onSearch).toHaveBeenCalledOnce();
  },
};

export const Group: Story = {
  args: { name: 'Team Parley', subtitle: S.group, colorKey: 'group-1' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.group)).toBeVisible();
  },
};

export const LongName: Story = {
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
  args: { name: 'an-extremely-long-username-that-must-be-truncated-in-the-header' },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 2 });
    await expect(heading.scrollWidth).toBeGreaterThan(heading.clientWidth);
    await expect(within(canvasElement).getByRole('button', { name: S.videoCall })).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { name: 'ليلى', colorKey: 5 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'ليلى' })).toBeVisible();
  },
};

export const PairNotTranslated: Story = {
  args: {
    name: 'sione',
    colorKey: 7,
    notice: UI_STRINGS.translation.pairUnsupported('English', 'Tongan'),
  },
  play: async ({ canvasElement }) => {
    const note = within(canvasElement).getByRole('note');
    await expect(note).toHaveTextContent(
      'Messages between English and Tongan are not translated yet.',
    );
    await expect(note).toBeVisible();
  },
};
