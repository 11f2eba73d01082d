import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { LOGO_SIZES, Logo } from './Logo';

const meta = {
  title: 'Components/Logo',
  component: Logo,
  tags: ['autodocs'],
  decorators: [padded],
  args: { productName: 'Parley' },
  argTypes: { size: { control: 'inline-radio', options: LOGO_SIZES } },
} satisfies Meta<typeof Logo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Parley')).toBeVisible();
  },
};

export const Playground: Story = { args: { size: 'lg', markOnly: false } };

export const MarkOnly: Story = {
  args: { markOnly: true, size: 'lg' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Parley' })).toBeVisible();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      {LOGO_SIZES.map((size) => (
        <Logo key={size} {...args} size={size} />
      ))}
    </div>
  ),
};

export const LongName: Story = { args: { productName: 'Partner Community Language Exchange' } };

export const RightToLeft: Story = { decorators: [rtl], args: { productName: 'بارلي' } };
