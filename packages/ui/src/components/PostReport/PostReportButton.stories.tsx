import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { translatedPost } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { PostTile } from '../PostTile/PostTile';
import { PostReportButton } from './PostReportButton';

const R = UI_STRINGS.report;

/** What the report requests carried (the Sent story checks the post's id). */
const reports: unknown[] = [];

function reportAnswer(status: number, detail = 'Server error') {
  return http.post('/accounts/report/', async ({ request }) => {
    reports.push(await request.json());
    return status === 201
      ? HttpResponse.json({ id: 1 }, { status })
      : HttpResponse.json({ detail }, { status });
  });
}

const meta = {
  title: 'Components/PostReportButton',
  component: PostReportButton,
  tags: ['autodocs'],
  decorators: [signedIn, padded, (Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  args: { post: translatedPost },
  // As the feed shows it: at the end of someone else's post card.
  render: (args) => (
    <PostTile post={args.post} variant="card" actions={<PostReportButton post={args.post} />} />
  ),
  parameters: { msw: { handlers: { report: reportAnswer(201) } } },
} satisfies Meta<typeof PostReportButton>;
export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: R.postAction }));
  return within(
    await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: R.postTitle('carmen'),
    }),
  );
}

async function send(canvasElement: HTMLElement, reason = 'Spam') {
  const dialog = await openDialog(canvasElement);
  await userEvent.type(dialog.getByRole('textbox', { name: R.reasonLabel }), reason);
  await userEvent.click(dialog.getByRole('button', { name: R.submit }));
  return dialog;
}

/** 'Report post' opens the profile's report dialog, titled for the post. */
export const Dialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog.getByRole('textbox', { name: R.reasonLabel })).toBeVisible();
  },
};

/** Sent: the report names the person and the post; the dialog closes with a thank-you. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    reports.length = 0;
    await send(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText(R.sent)).toBeVisible();
    await waitFor(() =>
      expect(reports.at(-1)).toEqual({ user_id: 3, reason: 'Spam', post_id: translatedPost.id }),
    );
  },
};

/** 409: this person already reported the post; the dialog says so and stays open. */
export const AlreadyReported: Story = {
  parameters: { msw: { handlers: { report: reportAnswer(409, 'Already reported.') } } },
  play: async ({ canvasElement }) => {
    const dialog = await send(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(R.alreadyReported);
  },
};

/** The server failed: the generic words, the reason kept to try again. */
export const Failed: Story = {
  parameters: { msw: { handlers: { report: reportAnswer(500) } } },
  play: async ({ canvasElement }) => {
    const dialog = await send(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(R.failed);
    await expect(dialog.getByRole('textbox', { name: R.reasonLabel })).toHaveValue('Spam');
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await openDialog(canvasElement);
  },
};

/** On a phone (360 px): the card and its action fit. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('button', { name: R.postAction })),
};
