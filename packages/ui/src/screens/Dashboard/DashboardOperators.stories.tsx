import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { membersAnswer } from '../../mocks/billing';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { meWith } from '../../mocks/handlers';
import { overviewAnswer, overviewCounts, overviewZero } from '../../mocks/operators';
import { OPERATORS_STRINGS } from '../../operatorsStrings';
import { DashboardScreen } from './Dashboard';

// The dashboard as staff see it (issue 29): the operators' overview above the shortcuts.
// Everyone else's dashboard is Dashboard.stories.tsx, unchanged.
const S = OPERATORS_STRINGS;
const staff = meWith({ staff: true });

const meta = {
  title: 'Screens/Dashboard/Operators',
  component: DashboardScreen,
  decorators: [signedIn],
  args: { origin: 'https://parley.example', onNavigate: fn() },
  parameters: { msw: { handlers: { members: membersAnswer(), me: staff } } },
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

async function overview(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  return canvas.findByRole('region', { name: S.overviewTitle }, { timeout: 5000 });
}

async function counted(canvasElement: HTMLElement) {
  const region = await overview(canvasElement);
  await within(region).findByText(S.openReports);
  return region;
}

export const StaffWithCounts: Story = {
  parameters: { msw: { handlers: { overview: overviewAnswer() } } },
  play: async ({ canvasElement }) => {
    const region = within(await counted(canvasElement));
    for (const [label, key] of [
      [S.openReports, 'open_reports'],
      [S.openTranslationReports, 'open_translation_reports'],
      [S.actionsThisWeek, 'actions_this_week'],
      [S.suspendedAccounts, 'suspended_accounts'],
    ] as const) {
      // Each term is followed by its figure (a <dt>/<dd> pair).
      const term = region.getByText(label);
      await expect(term.nextElementSibling).toHaveTextContent(String(overviewCounts[key]));
    }
    await expect(region.getByRole('link', { name: S.review })).toHaveAttribute(
      'href',
      '/moderation',
    );
  },
};

export const StaffZero: Story = {
  parameters: { msw: { handlers: { overview: overviewAnswer(overviewZero) } } },
  play: async ({ canvasElement }) => {
    const region = within(await counted(canvasElement));
    await expect(region.getAllByText('0')).toHaveLength(4);
  },
};

export const StaffLoading: Story = {
  parameters: { msw: { handlers: { overview: overviewAnswer(overviewCounts, { hang: true }) } } },
  play: async ({ canvasElement }) => {
    const region = within(await overview(canvasElement));
    await expect(region.getByRole('status')).toHaveTextContent(S.loading);
    await expect(region.queryByText(S.openReports)).toBeNull();
  },
};

export const StaffFailed: Story = {
  parameters: { msw: { handlers: { overview: overviewAnswer(overviewCounts, { status: 500 }) } } },
  play: async ({ canvasElement }) => {
    const region = within(await overview(canvasElement));
    await expect(await region.findByRole('alert')).toHaveTextContent(S.failed);
    // The way to the queue stays, whatever the counts did.
    await expect(region.getByRole('link', { name: S.review })).toBeVisible();
  },
};

export const StaffRightToLeft: Story = {
  decorators: [rtl],
  parameters: { msw: { handlers: { overview: overviewAnswer() } } },
  play: StaffWithCounts.play,
};

export const StaffPhone: Story = {
  globals: PHONE,
  parameters: { msw: { handlers: { overview: overviewAnswer() } } },
  play: fitsPhone(counted),
};
