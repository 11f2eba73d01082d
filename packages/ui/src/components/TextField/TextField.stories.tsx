import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { TEXT_FIELD_TYPES, TextField, type TextFieldProps } from './TextField';

/** Stories keep the value in state so typing works; `onChange` is still reported to the args. */
function Controlled(props: TextFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <TextField
      {...props}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange(v);
      }}
    />
  );
}

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  decorators: [padded],
  render: (args) => <Controlled {...args} />,
  args: { label: 'Username', value: '', onChange: fn(), onBlur: fn() },
  argTypes: { type: { control: 'inline-radio', options: TEXT_FIELD_TYPES } },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Username');
    await userEvent.type(input, 'ana');
    await expect(input).toHaveValue('ana');
    await expect(args.onChange).toHaveBeenLastCalledWith('ana');
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalled();
  },
};

export const Playground: Story = {
  args: { placeholder: 'Email or Username', type: 'text', hideLabel: false, error: '' },
};

export const Types: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      {TEXT_FIELD_TYPES.map((type) => (
        <Controlled key={type} {...args} label={`A ${type} field`} type={type} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const type of TEXT_FIELD_TYPES) {
      await expect(canvas.getByLabelText(`A ${type} field`)).toHaveAttribute('type', type);
    }
  },
};

export const WithError: Story = {
  args: { error: 'Username is required' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Username');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Username is required');
  },
};

export const HiddenLabel: Story = {
  args: { label: 'Email or Username', hideLabel: true, placeholder: 'Email or Username' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Email or Username' }),
    ).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    label: 'A very long label that explains in detail what this field is for and why it matters',
    value: 'averyveryveryveryveryveryveryveryveryveryveryveryveryverylongusername@example.com',
    error:
      'A long error message that wraps onto more than one line when the field is narrow enough',
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { label: 'اسم المستخدم', value: 'أحمد', error: 'اسم المستخدم مطلوب' },
};
