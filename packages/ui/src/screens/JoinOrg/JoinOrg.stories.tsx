import { SDK_MESSAGES } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { joinAnswers, joinHangs } from '../../mocks/billing';
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
  parameters: { msw: { handlers: { join: joinAnswers() } } },
} satisfies Meta<typeof JoinOrgScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Joining: Story = {
  parameters: { msw: { handlers: { join: joinHangs } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(S.joining);
  },
};

export const JoinsThenGoesToDashboard: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByText(S.success)).toBeVisible();
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/dashboard'));
  },
};

export const InvalidToken: Story = {
  parameters: { msw: { handlers: { join: joinAnswers(400) } } },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      SDK_MESSAGES.joinOrgFailed,
    );
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
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'no free seats',
    );
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: InvalidToken.play,
  parameters: InvalidToken.parameters,
};

/** A failed join on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  parameters: { msw: { handlers: { join: joinAnswers(400) } } },
  play: fitsPhone((el) => within(el).findByRole('alert')),
};

/** A failed join on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  parameters: { msw: { handlers: { join: joinAnswers(400) } } },
  play: fitsTablet((el) => within(el).findByRole('alert')),
};
