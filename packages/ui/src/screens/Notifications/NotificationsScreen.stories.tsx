import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mockChatSocket } from '../../mocks/chat';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { defaultHandlers } from '../../mocks/handlers';
import {
  connectionCalls,
  longNameRequest,
  pendingFails,
  pendingHandler,
  pendingHangs,
  pendingRequests,
  socialHandlers,
} from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { NotificationsScreen } from './NotificationsScreen';

const S = UI_STRINGS.notificationsScreen;

const meta = {
  title: 'Screens/Notifications',
  component: NotificationsScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  parameters: {
    msw: { handlers: { ...defaultHandlers, ...socialHandlers, socket: mockChatSocket() } },
  },
} satisfies Meta<typeof NotificationsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('list', { name: S.listLabel })).getAllByRole(
    'listitem',
  );

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: UI_STRINGS.social.home })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(20));
    await expect(await canvas.findByText('Ben Okafor')).toBeVisible();
    // The badge says how many wait, from the sdk's pending count.
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      '45 pending requests',
    );
    // Scrolling to the end loads the next page.
    const list = canvas.getByRole('list', { name: S.listLabel });
    list.parentElement?.scrollTo({ top: 100_000 });
    await waitFor(async () => expect((await rows(canvasElement)).length).toBeGreaterThan(20));
    // Back to the start for the picture: a list left at its end moved by a pixel from run to run
    // as its next page settled.
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
    list.parentElement?.scrollTo({ top: 0 });
    await waitFor(() => expect(list.parentElement?.scrollTop).toBe(0));
  },
};

export const ApproveAndReject: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    connectionCalls.length = 0;
    await canvas.findByText('Ben Okafor');
    await waitFor(() =>
      expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('45 pending'),
    );
    await userEvent.click(canvas.getByRole('button', { name: S.approveLabel('ben') }));
    await waitFor(() => expect(canvas.queryByText('Ben Okafor')).toBeNull());
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('44 pending');
    // Keyboard: Tab to Reject of the next row and press Enter.
    const reject = canvas.getByRole('button', { name: S.rejectLabel('carmen') });
    reject.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByText('Carmen Ruiz')).toBeNull());
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('43 pending');
    await expect(connectionCalls).toEqual([
      { path: 'accept', body: { to_user: 100, status: 'pending' } },
      { path: 'delete', body: { from_user: 1, to_user: 101 } },
    ]);
  },
};

export const SearchIsDebounced: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ben Okafor');
    await userEvent.type(canvas.getByRole('searchbox', { name: S.searchLabel }), 'learner1');
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(10));
    await userEvent.clear(canvas.getByRole('searchbox', { name: S.searchLabel }));
    await userEvent.type(canvas.getByRole('searchbox', { name: S.searchLabel }), 'zzz');
    await expect(await canvas.findByText(S.noMatches)).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { pending: pendingHandler([]) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(S.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { pending: pendingHangs } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(S.loadingMore)).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { pending: pendingFails } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(S.loadFailed);
  },
};

export const LongText: Story = {
  parameters: {
    msw: {
      handlers: { pending: pendingHandler([longNameRequest, ...pendingRequests.slice(0, 3)]) },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(longNameRequest.username)).toBeVisible();
    await expect(within(canvasElement).getByText('12345 followers')).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('ليلى حداد')).toBeVisible();
  },
};

/** Pending requests on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => waitFor(async () => expect(await rows(el)).toHaveLength(20))),
};

/** Pending requests on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => waitFor(async () => expect(await rows(el)).toHaveLength(20))),
};
