import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { meWith } from '../../mocks/handlers';
import { auditAnswer, reportsAnswer } from '../../mocks/moderation';
import { lastStaffRefusal, rolesAnswer } from '../../mocks/operators';
import { OPERATORS_STRINGS } from '../../operatorsStrings';
import { ModerationScreen } from './ModerationScreen';

// The "Roles" tab of /moderation (issue 29): staff grant or revoke moderator and staff.
const S = OPERATORS_STRINGS;

const meta = {
  title: 'Screens/Moderation/Roles',
  component: ModerationScreen,
  decorators: [signedIn],
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: {
        me: meWith({ staff: true }),
        reports: reportsAnswer(),
        audit: auditAnswer(),
        roles: rolesAnswer(),
      },
    },
  },
} satisfies Meta<typeof ModerationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

async function rolesTab(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: S.rolesTab }));
  const region = await canvas.findByRole('region', { name: S.rolesTitle });
  return within(region);
}

/**
 * Pictures are taken once the change is answered, with nothing focused (a focus ring would show
 * only in some pictures).
 */
async function settled(form: ReturnType<typeof within>, canvasElement: HTMLElement) {
  await waitFor(() =>
    expect(form.getByRole('button', { name: S.grant })).not.toHaveAttribute('aria-busy'),
  );
  (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
}

/** Granting: type a username, choose the role, press Grant (or Enter); the result is announced. */
export const Grant: Story = {
  play: async ({ canvasElement }) => {
    const form = await rolesTab(canvasElement);
    await userEvent.selectOptions(form.getByRole('combobox', { name: S.role }), 'moderator');
    // Enter in the username field grants.
    await userEvent.type(form.getByRole('textbox', { name: S.username }), 'bruno{Enter}');
    await expect(
      await form.findByText(S.changed('bruno', { staff: false, moderator: true })),
    ).toBeVisible();
    // The field keeps focus through the change (the form is never disabled under it).
    await expect(form.getByRole('textbox', { name: S.username })).toHaveFocus();
    await settled(form, canvasElement);
  },
};

/** Revoking one's own staff role as the last staff member: the server's refusal is shown. */
export const LastStaffRefused: Story = {
  parameters: { msw: { handlers: { roles: rolesAnswer({ status: 409 }) } } },
  play: async ({ canvasElement }) => {
    const form = await rolesTab(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: S.username }), 'ana');
    await userEvent.selectOptions(form.getByRole('combobox', { name: S.role }), 'staff');
    await userEvent.click(form.getByRole('button', { name: S.revoke }));
    await expect(await form.findByRole('alert')).toHaveTextContent(lastStaffRefusal);
    await expect(form.getByRole('button', { name: S.revoke })).toHaveFocus();
    await settled(form, canvasElement);
  },
};

/** Nothing typed: the field says so and nothing is sent. */
export const NeedsUsername: Story = {
  play: async ({ canvasElement }) => {
    const form = await rolesTab(canvasElement);
    await userEvent.click(form.getByRole('button', { name: S.grant }));
    await expect(await form.findByText(S.needsUsername)).toBeVisible();
  },
};

export const RightToLeft: Story = { decorators: [rtl], play: Grant.play };

export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(async (el) => {
    await rolesTab(el);
  }),
};
