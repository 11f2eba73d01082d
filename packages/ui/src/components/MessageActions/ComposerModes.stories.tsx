import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { Composer } from '../Composer/Composer';
import type { ComposerMode } from './messageActionTypes';

const A = MESSAGE_ACTION_STRINGS;
const S = UI_STRINGS.chat;

const replying: ComposerMode = {
  kind: 'reply',
  quote: {
    id: 10,
    sender_id: 3,
    sender_username: 'carmen',
    message: 'At the station, at ten. Bring the tickets, and the umbrella if it looks like rain.',
    file_type: 'text',
  },
};

const editing: ComposerMode = { kind: 'edit', messageId: 12, text: 'See you at five' };

const meta = {
  title: 'Components/Composer/Reply and edit',
  component: Composer,
  tags: ['autodocs'],
  args: { onSend: fn(), onCancelMode: fn(), mode: replying },
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

const box = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: S.composerLabel });

/** Replying: the quote above the field; Escape or × cancels. */
export const ReplyMode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(A.replyingTo('carmen'))).toBeVisible();
    await expect(box(canvasElement)).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancelMode).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: A.cancelReply }));
    await expect(args.onCancelMode).toHaveBeenCalledTimes(2);
    await userEvent.type(box(canvasElement), 'Perfect{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Perfect');
  },
};

/** Editing: the text prefilled, the attach and mic tools away; Enter sends the new text. */
export const EditMode: Story = {
  args: { mode: editing, uploadFile: fn(), createRecorder: fn(), onSendVoice: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(A.editing)).toBeVisible();
    const field = box(canvasElement);
    await expect(field).toHaveValue('See you at five');
    await expect(field).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: 'Attach file' })).toBeNull();
    await userEvent.clear(field);
    await userEvent.type(field, 'See you at six{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('See you at six');
  },
};

/** Leaving an edit without sending empties the field again. */
function CancelledEdit() {
  const [mode, setMode] = useState<ComposerMode | null>(editing);
  return <Composer onSend={fn()} mode={mode} onCancelMode={() => setMode(null)} />;
}

export const EditCancelledWithEscape: Story = {
  render: () => <CancelledEdit />,
  play: async ({ canvasElement }) => {
    const field = box(canvasElement);
    await expect(field).toHaveValue('See you at five');
    await userEvent.keyboard('{Escape}');
    await expect(field).toHaveValue('');
    await expect(within(canvasElement).queryByText(A.editing)).toBeNull();
  },
};

export const ReplyModeRightToLeft: Story = {
  decorators: [rtl],
  args: {
    mode: {
      kind: 'reply',
      quote: { ...replying.quote, sender_username: 'ليلى', message: 'في المحطة، الساعة العاشرة.' },
    } as ComposerMode,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('في المحطة، الساعة العاشرة.')).toBeVisible();
  },
};

export const ReplyModePhone: Story = {
  globals: { viewportSize: 'mobile' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(A.replyingTo('carmen'))).toBeVisible();
  },
};
