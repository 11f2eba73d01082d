import type { ModerationActionRequest } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { meWith } from '../../mocks/handlers';
import {
  actionsAnswer,
  auditAnswer,
  emptyQueue,
  longQueue,
  longText,
  manyQueue,
  postQueue,
  refusal,
  reportsAnswer,
} from '../../mocks/moderation';
import { MODERATION_STRINGS } from '../../moderationStrings';
import { ModerationScreen } from './ModerationScreen';

const S = MODERATION_STRINGS;

const meta = {
  title: 'Screens/Moderation',
  component: ModerationScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: {
        me: meWith({ moderator: true }),
        reports: reportsAnswer(),
        actions: actionsAnswer(),
        audit: auditAnswer(),
      },
    },
  },
} satisfies Meta<typeof ModerationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A moderator's queue: the reported message translated, its original a tap away. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: S.queueLabel });
    await expect(within(list).getAllByRole('article')).toHaveLength(2);
    const group = canvas.getByRole('article', { name: S.aboutMessage('bruno') });
    const card = within(group);
    await expect(card.getByText('Nobody wants you here, go away.')).toBeVisible();
    await expect(card.getByText('Nadie te quiere aquí, vete.')).not.toBeVisible();
    await userEvent.click(card.getByRole('button', { name: S.viewOriginal }));
    await expect(card.getByText('Nadie te quiere aquí, vete.')).toBeVisible();
    await expect(card.getByRole('button', { name: S.hideOriginal })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(card.getByText(S.reportedBy('carla'))).toBeVisible();
    await expect(card.getByText(S.earlierReports(3))).toBeVisible();
    await expect(canvas.getByText('Lo clasificaré.')).toBeVisible();
    // No audit tab for a moderator who is not staff.
    await expect(canvas.queryByRole('button', { name: S.auditTab })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { reports: reportsAnswer(emptyQueue) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(S.empty)).toBeVisible();
    await expect(canvas.getByText(S.translationEmpty)).toBeVisible();
  },
};

export const Many: Story = {
  parameters: { msw: { handlers: { reports: reportsAnswer(manyQueue) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: S.queueLabel });
    await expect(within(list).getAllByRole('article')).toHaveLength(8);
    await userEvent.selectOptions(canvas.getByLabelText(S.sortLabel), 'most');
    await waitFor(() =>
      expect(canvas.getAllByRole('article')[0]).toHaveAccessibleName(S.aboutMessage('person1')),
    );
  },
};

export const LongMessage: Story = {
  parameters: { msw: { handlers: { reports: reportsAnswer(longQueue) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(longText)).toBeVisible();
  },
};

export const RightToLeft: Story = { decorators: [rtl] };

export const Loading: Story = {
  parameters: { msw: { handlers: { reports: reportsAnswer(undefined, { hang: true }) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(S.loading);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { reports: reportsAnswer(undefined, { status: 500 }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server error');
    await expect(canvas.getByRole('button', { name: S.retry })).toBeVisible();
  },
};

/** Opens `action`'s dialog on bruno's card and checks its question. */
async function openDialog(canvasElement: HTMLElement, action: keyof typeof S.action) {
  const canvas = within(canvasElement);
  const group = await canvas.findByRole('article', { name: S.aboutMessage('bruno') });
  await userEvent.click(within(group).getByRole('button', { name: S.action[action] }));
  return within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
}

const sent: ModerationActionRequest[] = [];

export const ConfirmDismiss: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'dismiss');
    await expect(dialog.getByRole('heading', { name: S.confirmTitle.dismiss })).toBeVisible();
  },
};

export const ConfirmRemove: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'remove_message');
    await expect(
      dialog.getByRole('heading', { name: S.confirmTitle.remove_message }),
    ).toBeVisible();
  },
};

/** Warn: a reason is required, then the request carries it and the group's reports. */
export const ConfirmWarn: Story = {
  parameters: { msw: { handlers: { actions: actionsAnswer(201, sent) } } },
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const dialog = await openDialog(canvasElement, 'warn');
    await expect(dialog.getByRole('heading', { name: S.confirmTitle.warn('bruno') })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: S.confirm }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(S.needsReason);
    await userEvent.type(dialog.getByLabelText(S.warningLabel), 'Please be kind.');
    await userEvent.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(within(canvasElement).getByText(S.done.warn)).toBeVisible());
    await expect(sent.at(-1)).toEqual({
      action: 'warn',
      user_id: 12,
      reason: 'Please be kind.',
      report_ids: [101, 102],
    });
  },
};

export const ConfirmSuspend: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'suspend');
    await expect(
      dialog.getByRole('heading', { name: S.confirmTitle.suspend('bruno') }),
    ).toBeVisible();
    await userEvent.selectOptions(dialog.getByLabelText(S.periodLabel), 'lifted');
    await userEvent.type(dialog.getByLabelText(S.reasonLabel), 'Repeated insults');
  },
};

export const ConfirmLiftSuspension: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('article', { name: S.aboutPerson('eve') });
    await expect(within(group).getByText(S.suspendedUntil('2026-12-03 10:00 UTC'))).toBeVisible();
    await userEvent.click(within(group).getByRole('button', { name: S.action.lift_suspension }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(
      dialog.getByRole('heading', { name: S.confirmTitle.lift_suspension('eve') }),
    ).toBeVisible();
  },
};

export const ConfirmDeleteAccount: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'delete_account');
    await expect(
      dialog.getByRole('heading', { name: S.confirmTitle.delete_account('bruno') }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull(),
    );
  },
};

/** The server refuses: its own words show in the dialog, which stays open. */
export const FailedAction: Story = {
  parameters: { msw: { handlers: { actions: actionsAnswer(403) } } },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'dismiss');
    await userEvent.click(dialog.getByRole('button', { name: S.confirm }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
  },
};

/** Staff see the audit log: filter by action, then older pages. */
export const AuditLogForStaff: Story = {
  parameters: { msw: { handlers: { me: meWith({ staff: true }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.auditTab }));
    const list = await canvas.findByRole('list', { name: S.auditListLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: S.auditOlder }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    await userEvent.selectOptions(canvas.getByLabelText(S.auditFilterAction), 'suspend');
    await userEvent.click(canvas.getByRole('button', { name: S.auditApply }));
    await waitFor(() =>
      expect(
        within(canvas.getByRole('list', { name: S.auditListLabel })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  },
};

/** The queue on a phone (360 px): nothing scrolls sideways. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('list', { name: S.queueLabel })),
};

/** Issue 29: a reported post, its caption in the moderator's language, the original a tap away. */
export const PostReport: Story = {
  parameters: { msw: { handlers: { reports: reportsAnswer(postQueue) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = within(await canvas.findByRole('article', { name: S.aboutPost('bruno') }));
    await expect(card.getByText('Buy my followers now, cheap and fast!')).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: S.viewOriginal }));
    await expect(card.getByLabelText(S.original)).toHaveTextContent('¡Compra mis seguidores');
    await expect(card.queryByRole('button', { name: S.action.remove_message })).toBeNull();
  },
};

const postActions: ModerationActionRequest[] = [];

/** 'Remove post' asks first; confirming sends remove_post with the post's id. */
export const ConfirmRemovePost: Story = {
  parameters: {
    msw: {
      handlers: { reports: reportsAnswer(postQueue), actions: actionsAnswer(201, postActions) },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = within(await canvas.findByRole('article', { name: S.aboutPost('bruno') }));
    await userEvent.click(card.getByRole('button', { name: S.action.remove_post }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(dialog.getByRole('heading', { name: S.confirmTitle.remove_post })).toBeVisible();
    await expect(dialog.getByText(S.confirmText.remove_post)).toBeVisible();
    postActions.length = 0;
    await userEvent.click(dialog.getByRole('button', { name: S.confirm }));
    await waitFor(() =>
      expect(postActions.at(-1)).toMatchObject({ action: 'remove_post', post_id: 77 }),
    );
  },
};

/** A reported post, right to left. */
export const PostReportRightToLeft: Story = {
  decorators: [rtl],
  parameters: { msw: { handlers: { reports: reportsAnswer(postQueue) } } },
};
