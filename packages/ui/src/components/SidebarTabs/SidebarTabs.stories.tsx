import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { type ChatTab, SidebarTabs } from './SidebarTabs';

const T = UI_STRINGS.chat.tabs;

const meta = {
  title: 'Components/SidebarTabs',
  component: SidebarTabs,
  tags: ['autodocs'],
  decorators: [padded],
  args: { value: 'all', onChange: fn() },
} satisfies Meta<typeof SidebarTabs>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled({ onChange }: { onChange: (tab: ChatTab) => void }) {
  const [tab, setTab] = useState<ChatTab>('all');
  return (
    <SidebarTabs
      value={tab}
      onChange={(next) => {
        setTab(next);
        onChange(next);
      }}
    />
  );
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist')).toBeVisible();
    await expect(canvas.getByRole('tab', { name: T.all })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getAllByRole('tab')).toHaveLength(3);
  },
};

export const ArrowKeys: Story = {
  render: (args) => <Controlled onChange={args.onChange} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: T.all })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: T.private })).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith('private');
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: T.group })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: T.all })).toHaveFocus();
    // Only the selected tab is in the tab order.
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: T.all })).not.toHaveFocus();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  render: (args) => <Controlled onChange={args.onChange} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: T.all }));
    // In right-to-left text the next tab is to the left.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: T.private })).toHaveFocus();
  },
};
