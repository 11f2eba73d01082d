import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { Composer } from './Composer';

const S = UI_STRINGS.chat;

const meta = {
  title: 'Components/Composer',
  component: Composer,
  tags: ['autodocs'],
  args: { onSend: fn(), onTyping: fn(), onStopTyping: fn() },
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

const parts = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    box: canvas.getByRole('textbox', { name: S.composerLabel }),
    send: canvas.getByRole('button', { name: S.send }),
  };
};

export const SendDisabledWhileEmpty: Story = {
  play: async ({ canvasElement, args }) => {
    const { box, send } = parts(canvasElement);
    await expect(send).toBeDisabled();
    // Whitespace only is still empty.
    await userEvent.type(box, '   ');
    await expect(send).toBeDisabled();
    await userEvent.type(box, '{Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.type(box, 'hi');
    await expect(send).toBeEnabled();
  },
};

export const EnterSendsShiftEnterAddsALine: Story = {
  play: async ({ canvasElement, args }) => {
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    await expect(box).toHaveValue('first line\nsecond line');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('first line\nsecond line');
    await expect(box).toHaveValue('');
  },
};

export const SendButton: Story = {
  play: async ({ canvasElement, args }) => {
    const { box, send } = parts(canvasElement);
    await userEvent.type(box, '  hello  ');
    await userEvent.click(send);
    await expect(args.onSend).toHaveBeenCalledWith('hello');
    await expect(send).toBeDisabled();
  },
};

export const TypingEvents: Story = {
  play: async ({ canvasElement, args }) => {
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'abc');
    await expect(args.onTyping).toHaveBeenCalledTimes(3);
    await userEvent.tab();
    await expect(args.onStopTyping).toHaveBeenCalledOnce();
  },
};

export const WithFileOnly: Story = {
  args: { hasFile: true },
  play: async ({ canvasElement }) => {
    await expect(parts(canvasElement).send).toBeEnabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'draft' },
  play: async ({ canvasElement }) => {
    const { box, send } = parts(canvasElement);
    await expect(box).toBeDisabled();
    await expect(send).toBeDisabled();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement, args }) => {
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'مرحبا{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('مرحبا');
  },
};
