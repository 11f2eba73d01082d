import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { Select, type SelectProps } from './Select';

const genders = [
  { value: 'MALE', label: 'Male' },
  { value: 'FEMALE', label: 'Female' },
  { value: 'OTHER', label: 'Other' },
] as const;

function Controlled(props: SelectProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Select
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
  title: 'Components/Select',
  component: Select,
  tags: ['autodocs'],
  decorators: [padded],
  render: (args) => <Controlled {...args} />,
  args: {
    label: UI_STRINGS.registration.genderLabel,
    placeholder: UI_STRINGS.registration.genderPlaceholder,
    options: genders,
    value: '',
    onChange: fn(),
  },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByLabelText('Gender');
    await expect(select).toHaveDisplayValue('Select Gender');
    await userEvent.selectOptions(select, 'OTHER');
    await expect(args.onChange).toHaveBeenLastCalledWith('OTHER');
    await expect(select).toHaveDisplayValue('Other');
  },
};

export const Playground: Story = { args: { error: '', disabled: false } };

export const WithValue: Story = { args: { value: 'FEMALE' } };

export const WithError: Story = {
  args: { error: UI_STRINGS.registration.errors.gender },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByLabelText('Gender');
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Gender is required');
  },
};

export const LongText: Story = {
  args: {
    options: [
      { value: 'a', label: 'An option with a very long label that does not fit on a small screen' },
      { value: 'b', label: 'Short' },
    ],
    value: 'a',
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    label: 'الجنس',
    placeholder: 'اختر الجنس',
    options: [
      { value: 'MALE', label: 'ذكر' },
      { value: 'FEMALE', label: 'أنثى' },
    ],
  },
};
