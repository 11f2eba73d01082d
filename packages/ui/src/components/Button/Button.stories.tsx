import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { BUTTON_SIZES, BUTTON_TYPES, BUTTON_VARIANTS, Button } from './Button';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  decorators: [padded],
  args: { children: 'Create Account', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: BUTTON_VARIANTS },
    size: { control: 'inline-radio', options: BUTTON_SIZES },
    type: { control: 'inline-radio', options: BUTTON_TYPES },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Create Account' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  args: { variant: 'secondary', size: 'md', fullWidth: false, busy: false, disabled: false },
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {BUTTON_VARIANTS.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button')).toHaveLength(BUTTON_VARIANTS.length);
  },
};

export const Busy: Story = {
  args: { children: 'Next', busy: true, busyLabel: 'Signing in...' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Signing in...' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/**
 * A submit button that turns busy keeps the keyboard focus (it is aria-disabled, not disabled),
 * and neither a press nor Enter in the form submits again while it is busy.
 */
export const BusyKeepsFocus: Story = {
  render: function Render() {
    const [submits, setSubmits] = useState(0);
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSubmits((n) => n + 1);
        }}
      >
        <input aria-label="Name" />
        <Button type="submit" busy={submits > 0} busyLabel="Signing in...">
          Next
        </Button>
        <output aria-label="Submits">{submits}</output>
      </form>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Next' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const busy = await canvas.findByRole('button', { name: 'Signing in...' });
    await expect(busy).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(busy);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    await expect(canvas.getByRole('status', { name: 'Submits' })).toHaveTextContent('1');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toBeDisabled();
  },
};

export const KeyboardActivation: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const LongText: Story = {
  args: {
    fullWidth: true,
    children:
      'Continue with the organisation plan for all members of the classroom and their families',
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { children: 'إنشاء حساب' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'إنشاء حساب' })).toBeVisible();
  },
};
