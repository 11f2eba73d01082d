import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { UI_STRINGS } from '../../strings';
import { ComingSoonDialog } from './ComingSoonDialog';

const S = UI_STRINGS.chat;

const meta = {
  title: 'Components/ComingSoonDialog',
  component: ComingSoonDialog,
  tags: ['autodocs'],
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof ComingSoonDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: S.comingSoon });
    const gotIt = within(dialog).getByRole('button', { name: S.gotIt });
    await expect(gotIt).toHaveFocus();
    await userEvent.click(gotIt);
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

export const OpenedFromACallButton: Story = {
  args: { open: false },
  render: function Render() {
    const [open, setOpen] = useState(false);
    return (
      <div style={{ padding: '1rem' }}>
        <button type="button" onClick={() => setOpen(true)}>
          {S.audioCall}
        </button>
        <ComingSoonDialog open={open} onClose={() => setOpen(false)} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: S.audioCall });
    await userEvent.click(trigger);
    await canvas.findByRole('dialog', { name: S.comingSoon });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    // Focus returns to the button that opened it.
    await expect(trigger).toHaveFocus();
  },
};
