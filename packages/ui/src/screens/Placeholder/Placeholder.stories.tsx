import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { PlaceholderScreen } from './Placeholder';

const meta = {
  title: 'Screens/PlaceholderScreen',
  component: PlaceholderScreen,
  tags: ['autodocs'],
  args: { title: 'Settings' },
} satisfies Meta<typeof PlaceholderScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(canvas.getByText(UI_STRINGS.placeholder.notBuilt)).toBeVisible();
  },
};

export const Playground: Story = { args: { title: 'Dashboard', issue: '#7' } };

export const WithIssue: Story = {
  args: { issue: '#12' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/planned in #12/)).toBeVisible();
  },
};

export const LongTitle: Story = {
  args: { title: 'Organisation members, seats and invitations for classroom and team accounts' },
};

export const RightToLeft: Story = { decorators: [rtl], args: { title: 'الإعدادات' } };

export const WithContent: Story = {
  args: { children: <p>Signed in as ana</p> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Signed in as ana')).toBeVisible();
  },
};
