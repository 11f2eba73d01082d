import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { TypingIndicator } from './TypingIndicator';

const S = UI_STRINGS.chat;

const meta = {
  title: 'Components/TypingIndicator',
  component: TypingIndicator,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <ChatThemeScope surface>
        <div style={{ padding: '1rem 0' }}>
          <Story />
        </div>
      </ChatThemeScope>
    ),
  ],
  args: { typing: ['bo'] },
} satisfies Meta<typeof TypingIndicator>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One person typing in the open conversation. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('bo is typing...')).toBeVisible();
  },
};

/** Every prop is a control: add names to `typing` or `recording`. */
export const Playground: Story = {
  args: { typing: ['bo', 'carmen'] },
};

export const Typing: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('bo is typing...')).toBeVisible();
  },
};

export const SeveralTyping: Story = {
  args: { typing: ['bo', 'carmen'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.typing(['bo', 'carmen']))).toBeVisible();
  },
};

export const Recording: Story = {
  args: { typing: ['bo'], recording: ['carmen'] },
  play: async ({ canvasElement }) => {
    // Recording wins over typing.
    await expect(within(canvasElement).getByText('carmen is recording audio...')).toBeVisible();
  },
};

/** Someone talking live: their audio arrives now (they also send the recording indicator). */
export const TalkingLive: Story = {
  args: { typing: ['bo'], recording: ['carmen'], live: ['carmen'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('carmen is talking live...')).toBeVisible();
    await expect(canvas.queryByText('carmen is recording audio...')).toBeNull();
  },
};

export const Nobody: Story = {
  args: { typing: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('typing-indicator')).toBeNull();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { typing: ['ليلى'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/ليلى/)).toBeVisible();
  },
};
