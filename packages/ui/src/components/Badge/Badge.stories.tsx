import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { Badge } from './Badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  tags: ['autodocs'],
  decorators: [padded],
  args: { count: 3, label: 'pending requests' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('3 pending requests')).toBeInTheDocument();
  },
};

export const Playground: Story = { args: { count: 42, showZero: false } };

export const CappedAt99: Story = {
  args: { count: 150 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('99+')).toBeVisible();
    await expect(canvas.getByText('99+ pending requests')).toBeInTheDocument();
  },
};

export const Exactly99: Story = {
  args: { count: 99 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('99')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('0')).toBeNull();
  },
};

export const ZeroShown: Story = { args: { count: 0, showZero: true } };

export const InsideAButton: Story = {
  render: (args) => (
    <button type="button" style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
      Notifications <Badge {...args} />
    </button>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Notifications 3 pending requests' }),
    ).toBeVisible();
  },
};

export const RightToLeft: Story = { decorators: [rtl], args: { count: 120, label: 'طلبات' } };
