import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { members, membersAnswer, removeAnswers } from '../../mocks/billing';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { meWith } from '../../mocks/handlers';
import { OrgMembersScreen } from './OrgMembers';

const S = ACCOUNT_STRINGS.members;

const meta = {
  title: 'Screens/OrgMembers',
  component: OrgMembersScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { origin: 'https://parley.example' },
  parameters: { msw: { handlers: { members: membersAnswer(), remove: removeAnswers() } } },
} satisfies Meta<typeof OrgMembersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: S.listLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByText(S.seats(3, 10))).toBeVisible();
    await expect(canvas.getByText(S.administrator)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: S.remove('ana') })).toBeNull();
    await expect(canvas.getByRole('link', { name: S.back })).toHaveAttribute('href', '/dashboard');
  },
};

export const RemovesAMember: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.remove('bruno') }));
    await waitFor(() => expect(canvas.queryByText('bruno')).toBeNull());
    await expect(canvas.getByText(S.seats(2, 10))).toBeVisible();
    // The notice says who went (the story ends once it shows, so its picture is repeatable).
    await expect(await within(document.body).findByText(S.removed('bruno'))).toBeVisible();
  },
};

export const RemoveFails: Story = {
  parameters: { msw: { handlers: { remove: removeAnswers(500) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.remove('bruno') }));
    await expect(await within(document.body).findByText(S.removeFailed('bruno'))).toBeVisible();
    await expect(canvas.getByText('bruno')).toBeVisible();
  },
};

export const OnlyTheAdministrator: Story = {
  parameters: { msw: { handlers: { members: membersAnswer(members.slice(0, 1)) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(S.seats(1, 10))).toBeVisible();
  },
};

export const NotAnAdministrator: Story = {
  parameters: { msw: { handlers: { members: membersAnswer([], 403) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(S.adminOnly);
  },
};

export const RightToLeft: Story = { decorators: [rtl], play: Default.play };

/** The member list on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('list', { name: S.listLabel })),
};

/** The member list on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => within(el).findByRole('list', { name: S.listLabel })),
};

/**
 * The administrator copies the invite link here too: the button says 'Copied' and a status
 * announces it to screen readers (the clipboard is answered as a browser that allows it would).
 */
export const CopiesTheInviteLink: Story = {
  parameters: {
    msw: { handlers: { me: meWith({ is_org_admin: true, org_invite_token: 'invite123' }) } },
  },
  beforeEach: () => {
    const real = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    return () => {
      if (real) Object.defineProperty(navigator, 'clipboard', real);
      else Reflect.deleteProperty(navigator, 'clipboard');
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const D = ACCOUNT_STRINGS.dashboard;
    await expect(await canvas.findByRole('textbox', { name: D.inviteLink })).toHaveValue(
      'https://parley.example/join-org/invite123',
    );
    await userEvent.click(canvas.getByRole('button', { name: D.copy }));
    await expect(await canvas.findByRole('button', { name: D.copiedButton })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(D.copied);
  },
};
