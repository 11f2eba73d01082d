import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { Button } from '../Button/Button';
import { Modal, type ModalProps } from './Modal';

/** Opens from a button so stories can check that focus returns to it. */
function WithOpener(props: ModalProps & { opener?: string }) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{props.opener ?? 'Open dialog'}</Button>
      <Modal
        {...props}
        open={open}
        onClose={() => {
          setOpen(false);
          props.onClose();
        }}
      />
    </>
  );
}

const meta = {
  title: 'Components/Modal',
  component: Modal,
  tags: ['autodocs'],
  decorators: [padded],
  render: (args) => <WithOpener {...args} />,
  args: {
    open: false,
    onClose: fn(),
    title: 'Coming Soon',
    description: 'Audio and video calls are on their way.',
    actions: <Button>Got it</Button>,
  },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Open dialog' });
    await userEvent.click(opener);
    const dialog = await canvas.findByRole('dialog', { name: 'Coming Soon' });
    await expect(dialog).toHaveAccessibleDescription('Audio and video calls are on their way.');
    await expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(opener).toHaveFocus();
  },
};

export const Playground: Story = { args: { open: true, hideCloseButton: false } };

export const Open: Story = { args: { open: true } };

export const FocusIsTrapped: Story = {
  args: { open: true },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close dialog' });
    const gotIt = within(dialog).getByRole('button', { name: 'Got it' });
    await expect(close).toHaveFocus();
    await userEvent.tab();
    await expect(gotIt).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(gotIt).toHaveFocus();
  },
};

export const CloseButton: Story = {
  args: { open: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Close dialog' }));
    await expect(args.onClose).toHaveBeenCalled();
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

export const LongText: Story = {
  args: {
    open: true,
    title: 'Upgrade for Full Access to translated voice notes, group chats and everything else',
    description:
      'You have reached the free limit for today. Subscribers get full features: unlimited translated chats, voice translations and transcriptions, and organisation accounts for classrooms and teams.',
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    open: true,
    title: 'قريبًا',
    description: 'المكالمات الصوتية والمرئية قادمة.',
    actions: <Button>حسنًا</Button>,
  },
};
