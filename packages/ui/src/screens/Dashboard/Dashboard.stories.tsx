import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { membersAnswer, rotateAnswers } from '../../mocks/billing';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { meWith, mockUser } from '../../mocks/handlers';
import { mockLanguageCapabilities } from '../../mocks/languages';
import { DashboardScreen } from './Dashboard';

const S = ACCOUNT_STRINGS.dashboard;
const admin = meWith({
  subscription_active: true,
  is_org_admin: true,
  org_invite_token: 'invite123',
  org_max_users: 10,
});

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { origin: 'https://parley.example', onNavigate: fn() },
  parameters: { msw: { handlers: { members: membersAnswer() } } },
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

async function rendered(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return canvas;
}

export const FreeUser: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(S.welcome('ana'));
    await expect(canvas.getByText(S.language('Spanish'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: S.editProfile })).toHaveAttribute(
      'href',
      '/settings',
    );
    await expect(canvas.getByRole('img', { name: /user\/ana/ })).toBeVisible();
    for (const [name, href] of Object.entries({
      Chat: '/chat',
      Groups: '/groups',
      Posts: '/posts',
      Billing: '/billing',
    })) {
      await expect(canvas.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(canvas.getByRole('link', { name: S.support })).toHaveAttribute(
      'href',
      `mailto:${S.supportEmail}`,
    );
    await expect(canvas.queryByRole('heading', { level: 2, name: S.organization })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Lifetime Founder' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/subscribe/lifetime');
  },
};

export const LanguageNotSet: Story = {
  parameters: { msw: { handlers: { me: meWith({ language: '' }) } } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(await canvas.findByText(S.language(S.notSet))).toBeVisible();
  },
};

export const PaymentSuccess: Story = {
  args: { success: true },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(S.success);
  },
};

export const PaymentCancelled: Story = {
  args: { cancelled: true },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(S.cancelled);
  },
};

export const OrganizationAdmin: Story = {
  parameters: { msw: { handlers: { me: admin } } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(await canvas.findByText(S.seats(3, 10))).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: S.inviteLink })).toHaveValue(
      'https://parley.example/join-org/invite123',
    );
    await expect(canvas.getByText(ACCOUNT_STRINGS.subscription.orgPremium)).toBeVisible();
    await expect(canvas.getByRole('link', { name: S.members })).toHaveAttribute(
      'href',
      '/organization/members',
    );
    await userEvent.click(canvas.getByRole('button', { name: S.copy }));
    // Clipboard access depends on the browser's permission: either outcome is announced.
    const outcome = await canvas.findByText(new RegExp(`${S.copied}|${S.copyFailed.slice(0, 14)}`));
    await expect(outcome).toBeVisible();
    // Copied: the button itself says so.
    if (outcome.textContent === S.copied) {
      await expect(canvas.getByRole('button', { name: S.copiedButton })).toBeVisible();
    }
  },
};

/** A server that takes no payments (issue 22): the plan cards say so, nothing can be chosen. */
export const PaymentsUnavailable: Story = {
  parameters: {
    msw: {
      handlers: {
        capabilities: http.get('/meta/capabilities', () =>
          HttpResponse.json({
            ...mockLanguageCapabilities,
            payments: { mode: 'unavailable' },
          }),
        ),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    await expect(await canvas.findByRole('note')).toHaveTextContent(
      ACCOUNT_STRINGS.planCards.unavailable,
    );
    const personal = canvas.getByRole('button', { name: 'Choose Personal' });
    await expect(personal).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Choose Lifetime Founder' })).toBeDisabled();
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

/** An administrator whose invite link changes when the server is asked for a new one. */
function rotatingAdmin() {
  let token = 'invite123';
  return {
    me: http.get('/accounts/me/', () =>
      HttpResponse.json({
        ...mockUser,
        subscription_active: true,
        is_org_admin: true,
        org_invite_token: token,
        org_max_users: 10,
      }),
    ),
    rotate: http.post('/accounts/organization/invite/rotate/', () => {
      token = 'fresh-invite-456';
      return HttpResponse.json({ org_invite_token: token });
    }),
  };
}

/** New invite link: asks first (keeping is the way back), then shows the new link. */
export const NewInviteLink: Story = {
  parameters: { msw: { handlers: rotatingAdmin() } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const link = await canvas.findByRole('textbox', { name: S.inviteLink });
    await expect(link).toHaveValue('https://parley.example/join-org/invite123');
    await userEvent.click(canvas.getByRole('button', { name: S.newInvite }));
    await expect(canvas.getByText(S.newInviteConfirm)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.keepInvite }));
    await expect(canvas.queryByText(S.newInviteConfirm)).toBeNull();
    await expect(link).toHaveValue('https://parley.example/join-org/invite123');

    await userEvent.click(canvas.getByRole('button', { name: S.newInvite }));
    await userEvent.click(canvas.getByRole('button', { name: S.newInviteConfirmButton }));
    await expect(await canvas.findByText(S.newInviteDone)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: S.inviteLink })).toHaveValue(
      'https://parley.example/join-org/fresh-invite-456',
    );
    await expect(canvas.getByRole('button', { name: S.newInvite })).toBeVisible();
  },
};

/** The server refuses a new link: said plainly, and the current link stays. */
export const NewInviteLinkFails: Story = {
  parameters: { msw: { handlers: { me: admin, rotate: rotateAnswers(500) } } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.newInvite }));
    await userEvent.click(canvas.getByRole('button', { name: S.newInviteConfirmButton }));
    await expect(await canvas.findByText(S.newInviteFailed)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: S.inviteLink })).toHaveValue(
      'https://parley.example/join-org/invite123',
    );
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { success: true },
  parameters: { msw: { handlers: { me: admin } } },
  play: PaymentSuccess.play,
};

/** The dashboard on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(rendered),
};

/** The dashboard on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet(rendered),
};
