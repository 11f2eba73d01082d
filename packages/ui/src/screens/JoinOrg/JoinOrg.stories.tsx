import { SDK_MESSAGES } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { joinAnswers, joinHangs, previewAnswers } from '../../mocks/billing';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { JoinOrgScreen } from './JoinOrg';

const S = ACCOUNT_STRINGS.joinOrg;

const meta = {
  title: 'Screens/JoinOrg',
  component: JoinOrgScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  // The spec's 2 s, shortened so the story does not wait.
  args: { token: 'invite-token', onNavigate: fn(), redirectDelayMs: 50 },
  parameters: { msw: { handlers: { preview: previewAnswers(), join: joinAnswers() } } },
} satisfies Meta<typeof JoinOrgScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The confirmation, once the invite's details are in. */
async function asked(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: S.title }, { timeout: 5000 });
  return canvas;
}

/** Nothing is joined on load: the invite's administrator and seats, a Join button, a way out. */
export const AsksFirst: Story = {
  parameters: {
    msw: {
      handlers: {
        join: http.post('/accounts/join-org/', () => {
          throw new Error('joined without asking');
        }),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await asked(canvasElement);
    await expect(canvas.getByText(S.invitedBy('ana'))).toBeVisible();
    await expect(canvas.getByText(S.seats(3, 10))).toBeVisible();
    await expect(canvas.getByRole('button', { name: S.join })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: S.notNow })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(canvas.queryByText(S.joining)).toBeNull();
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

/** A backend without the preview (404): the screen still asks, without the details. */
export const AsksWithoutDetails: Story = {
  parameters: {
    msw: {
      handlers: {
        preview: http.post('/accounts/organization/invite/preview/', () =>
          HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await asked(canvasElement);
    await expect(canvas.getByText(S.invited)).toBeVisible();
    await expect(canvas.getByRole('button', { name: S.join })).toBeVisible();
  },
};

export const Joining: Story = {
  parameters: { msw: { handlers: { join: joinHangs } } },
  play: async ({ canvasElement }) => {
    const canvas = await asked(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.join }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(S.joining);
  },
};

/** Join by keyboard: Tab to the button, Enter; success, then the dashboard after the delay. */
export const JoinsThenGoesToDashboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await asked(canvasElement);
    const join = canvas.getByRole('button', { name: S.join });
    join.focus();
    await expect(join).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText(S.success)).toBeVisible();
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/dashboard'));
  },
};

/** An invalid or expired token (or one replaced by the administrator): the spec's message. */
export const InvalidToken: Story = {
  parameters: { msw: { handlers: { preview: previewAnswers(400), join: joinAnswers(400) } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SDK_MESSAGES.joinOrgFailed);
    await expect(canvas.queryByRole('button', { name: S.join })).toBeNull();
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

export const OrganizationFull: Story = {
  parameters: {
    msw: {
      handlers: {
        join: joinAnswers(
          409,
          'This organization has no free seats. Ask its administrator to add seats.',
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await asked(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.join }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('no free seats');
  },
};

/** An administrator with a very long name: the text wraps inside the card. */
export const LongAdministratorName: Story = {
  parameters: {
    msw: {
      handlers: {
        preview: previewAnswers(200, {
          admin_username: 'an_administrator_with_a_very_long_username_indeed_0123456789',
          members_count: 9999,
          max_users: 10000,
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await asked(canvasElement);
    await expect(canvas.getByText(S.seats(9999, 10000))).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: AsksFirst.play,
  parameters: AsksFirst.parameters,
};

/** The confirmation on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(asked),
};

/** A failed join on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  parameters: { msw: { handlers: { preview: previewAnswers(400) } } },
  play: fitsTablet((el) => within(el).findByRole('alert')),
};
