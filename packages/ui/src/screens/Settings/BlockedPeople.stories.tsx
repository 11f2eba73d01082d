import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl, signedIn } from '../../mocks/decorators';
import { defaultHandlers } from '../../mocks/handlers';
import {
  blockedHandler,
  connectionCalls,
  pendingRequests,
  socialHandlers,
} from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { BlockedPeople } from './BlockedPeople';

const S = UI_STRINGS.blockedPeople;

/**
 * Settings' blocked-people list, connected to the sdk: GET /accounts/blocked/ page by page and
 * POST /accounts/unblock/ per row (MSW answers both).
 */
const meta = {
  title: 'Screens/Settings/Blocked People',
  component: BlockedPeople,
  tags: ['autodocs'],
  decorators: [padded, signedIn],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: { ...defaultHandlers, ...socialHandlers } },
  },
} satisfies Meta<typeof BlockedPeople>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three blocked people; Unblock takes one off the list and says so. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    connectionCalls.length = 0;
    const list = await canvas.findByRole('list', { name: S.listLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(list).getByText('Carmen Ruiz')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.unblockLabel('ben') }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      UI_STRINGS.profile.unblocked('ben'),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await expect(canvas.queryByRole('button', { name: S.unblockLabel('ben') })).toBeNull();
    await expect(connectionCalls).toEqual([{ path: 'unblock', body: { user_id: 100 } }]);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { blocked: blockedHandler([]) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(S.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        blocked: http.get('/accounts/blocked/', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(S.loading);
  },
};

let failures = 0;
/** The first load fails; Try again loads the list. */
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        blocked: http.get('/accounts/blocked/', () => {
          failures += 1;
          return failures % 2 === 1
            ? HttpResponse.json({ detail: 'boom' }, { status: 500 })
            : HttpResponse.json({ results: pendingRequests.slice(0, 2), next: null, count: 2 });
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    failures = 0;
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.loadFailed);
    await userEvent.click(canvas.getByRole('button', { name: S.retry }));
    const list = await canvas.findByRole('list', { name: S.listLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The server refuses the unblock: the person stays listed and the failure is read out. */
export const UnblockFails: Story = {
  parameters: {
    msw: {
      handlers: {
        unblock: http.post('/accounts/unblock/', () =>
          HttpResponse.json({ detail: 'boom' }, { status: 500 }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.unblockLabel('carmen') }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.unblockFailed('carmen'));
    await expect(canvas.getByRole('button', { name: S.unblockLabel('carmen') })).toBeEnabled();
  },
};

/** 45 blocked people: the next page loads as the end scrolls into view. */
export const ManyPages: Story = {
  parameters: { msw: { handlers: { blocked: blockedHandler(pendingRequests) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: S.listLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    canvas.getByTestId('list-end').scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40));
  },
};

/** Right to left, with an Arabic name. */
export const RightToLeft: Story = {
  decorators: [rtl],
  parameters: { msw: { handlers: { blocked: blockedHandler(pendingRequests.slice(3, 5)) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('ليلى حداد')).toBeVisible();
    await expect(canvas.getByRole('button', { name: S.unblockLabel('ليلى') })).toBeVisible();
  },
};
