import { type ChatListUser, PREVIOUS_CHAT_URL_KEY, SDK_MESSAGES } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { conversationBodyLoader } from '../../../storybook/lazyChunks';
import { CALL_STRINGS } from '../../callStrings';
import { MEDIA_STRINGS } from '../../mediaStrings';
import {
  chatHandlers,
  chatsFail,
  groupsFail,
  historyPages,
  mockCapabilities,
  mockChatSocket,
  mockChatUsers,
  receivedBinary,
  receivedFrames,
  STORY_NOW,
  serverMessage,
  storedConversation,
} from '../../mocks/chat';
import { signedIn } from '../../mocks/decorators';
import { expectNoSidewaysScroll, PHONE, TABLET } from '../../mocks/devices';
import { fakeGetUserMedia, fakePeerConnection } from '../../mocks/fakeMedia';
import { defaultHandlers, meWith } from '../../mocks/handlers';
import {
  fakeRecorderEnvironment,
  SAMPLE_AUDIO_URL,
  SAMPLE_IMAGE_URL,
  sampleImageFile,
} from '../../mocks/media';
import {
  connectionCalls,
  pendingHandler,
  pendingRequests,
  socialHandlers,
} from '../../mocks/social';
import { ROUTES, UI_STRINGS } from '../../strings';
import { CallLayer } from '../Call/CallLayer';
import { ChatScreen } from './ChatScreen';

const S = UI_STRINGS.chat;
const BO_ROOM = 'private-1-2';

const meta = {
  title: 'Screens/Chat',
  loaders: [conversationBodyLoader],
  component: ChatScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { now: STORY_NOW, onNavigate: fn(), notificationCount: 3 },
  parameters: {
    msw: {
      handlers: {
        ...defaultHandlers,
        ...chatHandlers,
        pending: pendingHandler([]),
        socket: mockChatSocket({ history: { [BO_ROOM]: storedConversation(BO_ROOM, 12) } }),
      },
    },
  },
} satisfies Meta<typeof ChatScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const sidebar = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('navigation', { name: S.sidebarLabel }));

async function chatNames(canvasElement: HTMLElement) {
  const list = await (await sidebar(canvasElement)).findByRole('list');
  return within(list)
    .getAllByRole('button')
    .map((b) => b.querySelector('[dir="auto"]')?.textContent);
}

async function openChat(canvasElement: HTMLElement, name: string) {
  const item = await (await sidebar(canvasElement)).findByRole('button', {
    name: new RegExp(`^${name}`),
  });
  await userEvent.click(item);
  await within(canvasElement).findByRole('heading', { level: 2, name });
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(S.selectPrompt)).toBeVisible();
    // Most recent first: bo (today 14:05), Team Parley (12:00), carmen (09:12), dmitri, ليلى, emma.
    await waitFor(async () =>
      expect(await chatNames(canvasElement)).toEqual([
        'bo',
        'Team Parley',
        'carmen',
        'dmitri',
        'ليلى',
        'emma',
        'Book Club',
      ]),
    );
    await expect(canvas.getByText('14:05')).toBeVisible();
    const notifications = canvas.getByRole('link', { name: /Notifications/ });
    await expect(notifications).toHaveAttribute('href', ROUTES.notifications);
    await expect(notifications).toHaveTextContent('3 pending requests');
  },
};

export const FiltersByTab: Story = {
  play: async ({ canvasElement }) => {
    const side = await sidebar(canvasElement);
    await side.findByRole('button', { name: /^bo/ });
    await userEvent.click(side.getByRole('tab', { name: S.tabs.group }));
    await expect(await chatNames(canvasElement)).toEqual(['Team Parley', 'Book Club']);
    // Arrow keys move along the tablist and select.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(side.getByRole('tab', { name: S.tabs.private })).toHaveFocus();
    await expect(side.getByRole('tab', { name: S.tabs.private })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(await chatNames(canvasElement)).toEqual([
      'bo',
      'carmen',
      'dmitri',
      'ليلى',
      'emma',
    ]);
    await userEvent.keyboard('{Home}');
    await expect(side.getByRole('tab', { name: S.tabs.all })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(await chatNames(canvasElement)).toHaveLength(7);
  },
};

export const SearchIsDebounced: Story = {
  play: async ({ canvasElement }) => {
    const side = await sidebar(canvasElement);
    await side.findByRole('button', { name: /^bo/ });
    const search = side.getByRole('searchbox', { name: S.searchLabel });
    await userEvent.type(search, 'CAR');
    // Not yet: the query applies 300 ms after the last keystroke.
    await expect(await chatNames(canvasElement)).toHaveLength(7);
    await waitFor(async () => expect(await chatNames(canvasElement)).toEqual(['carmen']), {
      timeout: 5000,
    });
    // Group names in the Group tab.
    await userEvent.click(side.getByRole('tab', { name: S.tabs.group }));
    await expect(side.getByText(S.noMatches)).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'book');
    await waitFor(async () => expect(await chatNames(canvasElement)).toEqual(['Book Club']));
    // An empty query restores the list.
    await userEvent.clear(search);
    await expect(await chatNames(canvasElement)).toEqual(['Team Parley', 'Book Club']);
  },
};

export const OpensChatUser: Story = {
  args: { chatUser: mockChatUsers[1] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'carmen' })).toBeVisible();
    await waitFor(() =>
      expect(receivedFrames).toContainEqual({ type: 'join_room', room_name: 'private-1-3' }),
    );
  },
};

export const SendsAndReconcilesEcho: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const messages = within(await canvas.findByRole('region', { name: S.messagesLabel }));
    await messages.findByText(/\(#12\)$/);
    const box = canvas.getByRole('textbox', { name: S.composerLabel });
    const send = canvas.getByRole('button', { name: S.send });
    await expect(send).toBeDisabled();
    await userEvent.type(box, 'Hello over MSW{Enter}');
    // Optimistic: shown at once, marked as sending.
    const row = (await messages.findByText('Hello over MSW')).closest('[data-status]');
    await expect(row).toHaveAttribute('data-status', 'sending');
    await expect(box).toHaveValue('');
    // The echo (same client_id) turns it sent without a second copy.
    await waitFor(() => expect(row).toHaveAttribute('data-status', 'sent'), { timeout: 5000 });
    await expect(messages.getAllByText('Hello over MSW')).toHaveLength(1);
    const sent = receivedFrames.filter(
      (f) => f.type === 'chat_message' && f.message === 'Hello over MSW',
    );
    await expect(sent).toHaveLength(1);
  },
};

export const TypingFromServer: Story = {
  parameters: {
    msw: {
      handlers: {
        socket: mockChatSocket({
          history: { [BO_ROOM]: storedConversation(BO_ROOM, 3) },
          afterJoin: (room) => [
            {
              type: 'typing_indicator',
              sender_id: 2,
              username: 'bo',
              is_typing: true,
              room_name: room,
            },
          ],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await openChat(canvasElement, 'bo');
    await expect(await within(canvasElement).findByText(S.typing(['bo']))).toBeVisible();
  },
};

export const TypingIsSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const before = receivedFrames.length;
    await userEvent.type(canvas.getByRole('textbox', { name: S.composerLabel }), 'h');
    await waitFor(() =>
      expect(receivedFrames.slice(before)).toContainEqual(
        expect.objectContaining({ type: 'typing', is_typing: true }),
      ),
    );
    await userEvent.tab();
    await waitFor(() =>
      expect(receivedFrames.slice(before)).toContainEqual(
        expect.objectContaining({ type: 'typing', is_typing: false }),
      ),
    );
  },
};

export const RetriesAFailedSend: Story = {
  parameters: { msw: { handlers: { socket: mockChatSocket({ failFirstSend: true }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    await canvas.findByText(S.noMessages);
    await userEvent.type(
      canvas.getByRole('textbox', { name: S.composerLabel }),
      'Try again{Enter}',
    );
    const messages = within(await canvas.findByRole('region', { name: S.messagesLabel }));
    const row = (await messages.findByText('Try again')).closest('[data-status]');
    await waitFor(() => expect(row).toHaveAttribute('data-status', 'failed'));
    await expect(within(row as HTMLElement).getByText(S.notSent)).toBeVisible();
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: S.retry }));
    // Same client_id, so the server's echo lands on the same row.
    await waitFor(() => expect(row).toHaveAttribute('data-status', 'sent'), { timeout: 5000 });
    await expect(messages.getAllByText('Try again')).toHaveLength(1);
  },
};

const longThread = storedConversation(BO_ROOM, 200);

/** The sdk's loadOlder through GET /chatmessage/history/, with the list keeping its place. */
export const LoadsOlderHistory: Story = {
  parameters: {
    msw: {
      handlers: {
        history: historyPages(longThread),
        socket: mockChatSocket({ history: { [BO_ROOM]: longThread.slice(-50) }, hasMore: true }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const region = await canvas.findByRole('region', { name: S.messagesLabel });
    const messages = within(region);
    await messages.findByText(/\(#200\)$/);
    region.scrollTop = 0;
    await waitFor(() => expect(messages.getByText(/\(#151\)$/)).toBeVisible());
    const top = () =>
      messages.getByText(/\(#151\)$/).getBoundingClientRect().top -
      region.getBoundingClientRect().top;
    const before = top();
    // #101–#150 arrive in front; #151 stays where it was.
    await waitFor(() => expect(region.scrollTop).toBeGreaterThan(1000), { timeout: 5000 });
    await waitFor(() => expect(Math.abs(top() - before)).toBeLessThan(2));
    region.scrollTop = 0;
    await waitFor(() => expect(messages.getByText(/\(#101\)$/)).toBeVisible());
    // Read back to the first message: every older page loads once, then nothing more is asked
    // for and the thread rests at its start.
    await waitFor(
      () => {
        region.scrollTop = 0;
        expect(messages.getByText(/\(#1\)$/)).toBeVisible();
        expect(region.scrollTop).toBe(0);
      },
      { timeout: 5000 },
    );
  },
};

const perroTarget = longThread[20] as (typeof longThread)[number];

/**
 * Message search from the chat list: a Spanish word finds bo's message (in a stored translation),
 * the match is marked, and opening it loads history back to the message and jumps there.
 */
export const FindsAMessageAndJumpsToIt: Story = {
  parameters: {
    msw: {
      handlers: {
        history: historyPages(longThread),
        socket: mockChatSocket({ history: { [BO_ROOM]: longThread.slice(-50) }, hasMore: true }),
        messageSearch: http.get('/chatmessage/search/', ({ request }) => {
          const q = new URL(request.url).searchParams.get('q') ?? '';
          const text = 'Tengo un perro que se llama Toby.';
          const results = q.startsWith('perr')
            ? [
                {
                  message: { ...perroTarget, message: text, translated: true },
                  room: { room_name: BO_ROOM, kind: 'private', name: 'bo', image: null },
                  match: { text, ranges: [{ start: 9, end: 14 }], in_original: false },
                },
              ]
            : [];
          return HttpResponse.json({ results, next_cursor: null });
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const side = await sidebar(canvasElement);
    await userEvent.type(side.getByRole('searchbox', { name: S.searchLabel }), 'perro');
    const found = await side.findByRole('list', { name: UI_STRINGS.messageSearch.resultsLabel });
    await expect(found.querySelector('mark')).toHaveTextContent('perro');
    await userEvent.click(within(found).getByRole('button', { name: /Tengo un perro/ }));
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'bo' });
    const region = await canvas.findByRole('region', { name: S.messagesLabel });
    await waitFor(() => expect(within(region).getByText(/\(#21\)$/)).toBeVisible(), {
      timeout: 5000,
    });
  },
};

export const SearchAllUsers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.searchAllUsers }));
    const panel = within(await canvas.findByRole('region', { name: UI_STRINGS.userSearch.title }));
    const list = await panel.findByRole('list', { name: UI_STRINGS.userSearch.listLabel });
    // Pages of 20 overlapping by 2 are followed to the end (45 users) without duplicates.
    await waitFor(
      async () => {
        list.parentElement?.scrollTo({ top: 1e6 });
        await expect(within(list).getAllByRole('listitem')).toHaveLength(45);
      },
      { timeout: 5000 },
    );
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent);
    await expect(new Set(names).size).toBe(45);
    // Server-side search, debounced.
    await userEvent.type(
      panel.getByRole('searchbox', { name: UI_STRINGS.userSearch.searchLabel }),
      'user4',
    );
    await waitFor(() => expect(panel.queryByText('user01')).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(panel.getAllByRole('listitem')).toHaveLength(6));
    await userEvent.click(panel.getByRole('button', { name: /^user42/ }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'user42' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: S.sidebarLabel })).toBeVisible();
  },
};

export const EscapeClosesUserSearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.searchAllUsers }));
    const box = await canvas.findByRole('searchbox', { name: UI_STRINGS.userSearch.searchLabel });
    await expect(box).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(await canvas.findByRole('navigation', { name: S.sidebarLabel })).toBeVisible();
  },
};

/**
 * A server that offers calls: the header's call button places one through the sdk (`client.calls`),
 * the overlay rings, bo answers (the mock relay), the call connects and either side can end it.
 * Media and the peer connection are fakes (`parameters.parleyClient`); the e2e suite runs real ones.
 */
export const PlacesACall: Story = {
  decorators: [
    (Story) => (
      <>
        <Story />
        <CallLayer />
      </>
    ),
  ],
  parameters: {
    parleyClient: { getUserMedia: fakeGetUserMedia, createPeerConnection: fakePeerConnection },
    msw: {
      handlers: {
        capabilities: http.get('/meta/capabilities', () =>
          HttpResponse.json({
            ...mockCapabilities,
            calls: { enabled: true, caption_languages: ['en'] },
          }),
        ),
        iceServers: http.get('/calls/ice-servers/', () =>
          HttpResponse.json({ ice_servers: [{ urls: 'stun:stun.l.google.com:19302' }] }),
        ),
        socket: mockChatSocket({
          history: { [BO_ROOM]: storedConversation(BO_ROOM, 12) },
          answerCalls: true,
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    receivedFrames.length = 0;
    await openChat(canvasElement, 'bo');
    // The button places the call once the server's capabilities say calls are on (before that
    // answer it still says 'Coming Soon').
    const overlayName = CALL_STRINGS.overlayLabel('audio', 'bo');
    await waitFor(async () => {
      if (page.queryByRole('dialog', { name: S.comingSoon })) await userEvent.keyboard('{Escape}');
      if (!page.queryByRole('dialog')) {
        await userEvent.click(canvas.getByRole('button', { name: S.audioCall }));
      }
      await expect(page.getByRole('dialog', { name: overlayName })).toBeVisible();
    });
    await expect(page.queryByRole('dialog', { name: S.comingSoon })).toBeNull();
    const overlay = page.getByRole('dialog', { name: overlayName });
    // The offer went out on the chat socket in the spec's frame; bo answered and the timer runs.
    await waitFor(() =>
      expect(receivedFrames).toContainEqual(
        expect.objectContaining({
          type: 'call_signal',
          from: 1,
          to: 2,
          call_type: 'audio',
          signal: expect.objectContaining({ type: 'offer' }),
        }),
      ),
    );
    await waitFor(() => expect(within(overlay).getByRole('timer')).toBeVisible());
    await userEvent.click(within(overlay).getByRole('button', { name: CALL_STRINGS.mute }));
    await expect(within(overlay).getByRole('button', { name: CALL_STRINGS.unmute })).toBeVisible();
    await userEvent.click(within(overlay).getByRole('button', { name: CALL_STRINGS.endCall }));
    await waitFor(() =>
      expect(receivedFrames).toContainEqual(
        expect.objectContaining({
          type: 'call_signal',
          signal: { type: 'hangup', reason: 'ended' },
        }),
      ),
    );
    await waitFor(() => expect(page.queryByRole('dialog', { name: overlayName })).toBeNull());
  },
};

export const CallsAreComingSoon: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    await userEvent.click(canvas.getByRole('button', { name: S.videoCall }));
    const dialog = await canvas.findByRole('dialog', { name: S.comingSoon });
    await userEvent.click(within(dialog).getByRole('button', { name: S.gotIt }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: S.audioCall }));
    await canvas.findByRole('dialog', { name: S.comingSoon });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

export const FooterNavigates: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: S.settings }));
    await expect(args.onNavigate).toHaveBeenCalledWith(ROUTES.settings);
  },
};

const G = UI_STRINGS.createGroup;

export const CreateGroup: Story = {
  parameters: {
    msw: {
      handlers: {
        accepted: socialHandlers.accepted,
        createGroup: http.post('/chatmessage/create/group/', async ({ request }) => {
          const form = await request.formData();
          return HttpResponse.json(
            {
              id: 77,
              name: String(form.get('name')),
              room_name: 'hikers',
              image: null,
              last_message: null,
              last_message_time: null,
              members: [],
            },
            { status: 201 },
          );
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.createGroups }));
    const dialog = within(await canvas.findByRole('dialog', { name: G.title }));
    // Only accepted connections are offered.
    await dialog.findByRole('checkbox', { name: /ben/ });
    await userEvent.click(dialog.getByRole('button', { name: G.submit }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(G.invalid);
    await userEvent.type(dialog.getByRole('textbox', { name: G.nameLabel }), 'Hikers');
    await userEvent.click(dialog.getByRole('checkbox', { name: /ben/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /carmen/ }));
    await userEvent.click(dialog.getByRole('button', { name: G.submit }));
    await expect(await dialog.findByRole('status')).toHaveTextContent(G.created('Hikers'));
    // The form clears, and the group is in the sidebar.
    await expect(dialog.getByRole('textbox', { name: G.nameLabel })).toHaveValue('');
    await expect(dialog.getByRole('checkbox', { name: /ben/ })).not.toBeChecked();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog', { name: G.title })).toBeNull());
    await expect(await chatNames(canvasElement)).toContain('Hikers');
  },
};

export const CreateGroupFails: Story = {
  parameters: {
    msw: {
      handlers: {
        accepted: socialHandlers.accepted,
        createGroup: http.post('/chatmessage/create/group/', () =>
          HttpResponse.json({ detail: 'boom' }, { status: 500 }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.createGroups }));
    const dialog = within(await canvas.findByRole('dialog', { name: G.title }));
    await userEvent.type(dialog.getByRole('textbox', { name: G.nameLabel }), 'Hikers');
    await userEvent.click(await dialog.findByRole('checkbox', { name: /ben/ }));
    await userEvent.click(dialog.getByRole('button', { name: G.submit }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(G.failed);
    await expect(dialog.getByRole('textbox', { name: G.nameLabel })).toHaveValue('Hikers');
    // Settled before the picture: the button is usable again once the request has failed.
    await waitFor(() => expect(dialog.getByRole('button', { name: G.submit })).toBeEnabled());
  },
};

export const LiveNotificationBadge: Story = {
  args: { notificationCount: undefined },
  parameters: {
    msw: {
      handlers: {
        pending: pendingHandler(pendingRequests.slice(0, 2)),
        socket: mockChatSocket({
          onOpen: [{ type: 'connection_request', from_user: { id: 300, username: 'zoe' } }],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // 2 pending from the server, then one more arrives on the socket without a reload.
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: /Notifications/ })).toHaveTextContent(
        '3 pending requests',
      ),
    );
  },
};

export const GroupTabFirst: Story = {
  args: { defaultTab: 'group' },
  play: async ({ canvasElement }) => {
    await waitFor(async () =>
      expect(await chatNames(canvasElement)).toEqual(['Team Parley', 'Book Club']),
    );
  },
};

/** The banner's countdown ('Reconnecting in {n} s...'), whatever the number. */
const countdown = (text: string) => text.includes(S.retryingIn(1).split('1')[0] ?? '');

export const SocketRejected: Story = {
  parameters: {
    msw: {
      handlers: {
        socket: mockChatSocket({ rejectWith: 1008 }),
        // The session can be refreshed, but the server rejects the new token too.
        refresh: http.post('/accounts/token/refresh/', () =>
          HttpResponse.json({ access: 'storybook-access-refreshed' }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const toast = await within(canvasElement).findByText(
      SDK_MESSAGES.socketUnauthenticated,
      {},
      { timeout: 5000 },
    );
    await expect(toast).toBeVisible();
    // The sdk refreshes the session and tries once more; rejected again, it stops retrying: the
    // banner says offline with no countdown left running, and the chat list stays.
    await waitFor(
      () => {
        expect(within(canvasElement).getByText(S.offline)).toBeVisible();
        expect(within(canvasElement).queryByText(countdown)).toBeNull();
      },
      { timeout: 10_000 },
    );
    await (await sidebar(canvasElement)).findByRole('button', { name: /^bo/ });
  },
};

export const ListFailsToLoad: Story = {
  parameters: { msw: { handlers: { chats: chatsFail, groups: groupsFail } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(S.loadFailed);
  },
};

const T = UI_STRINGS.translation;
const C = UI_STRINGS.corrections;

/** ana reads Spanish; bo wrote in English and the server translated it for her. */
export const TranslatedMessages: Story = {
  parameters: {
    msw: {
      handlers: {
        socket: mockChatSocket({
          history: {
            [BO_ROOM]: [
              serverMessage({
                room_name: BO_ROOM,
                sender_id: 2,
                message: '¿Nos vemos a las cinco?',
                original_message: 'See you at five?',
                original_language: 'en',
                translated: true,
              }),
              serverMessage({
                room_name: BO_ROOM,
                sender_id: 2,
                message: 'Mālō e lelei!',
                original_message: 'Mālō e lelei!',
                original_language: 'to',
                translation_failed: true,
              }),
              serverMessage({
                room_name: BO_ROOM,
                sender_id: 1,
                message: '¡Claro que sí!',
                original_message: '¡Claro que sí!',
                original_language: 'es',
              }),
            ],
          },
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const messages = within(await canvas.findByRole('region', { name: S.messagesLabel }));
    await expect(await messages.findByText('¿Nos vemos a las cinco?')).toBeVisible();
    await expect(messages.getByText(T.translatedFrom('English'))).toBeVisible();
    const toggle = messages.getByRole('button', { name: T.viewOriginal });
    await expect(messages.getByText('See you at five?')).not.toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(messages.getByText('See you at five?')).toBeVisible();
    // A failed translation says so quietly; the sent message shows what was sent.
    await expect(messages.getByText(T.notTranslated)).toBeVisible();
    await expect(messages.getByText('¡Claro que sí!')).toBeVisible();
    // The open toggle now reads 'Hide original'.
    await expect(toggle).toHaveAccessibleName(T.hideOriginal);
    await expect(messages.queryAllByRole('button', { name: T.viewOriginal })).toHaveLength(0);
  },
};

const sione: ChatListUser = {
  ...mockChatUsers[4],
  id: 7,
  username: 'sione',
  language: 'Tongan',
} as ChatListUser;

/** /meta/capabilities has no Spanish–Tongan route: the header says so plainly. */
export const PairNotTranslated: Story = {
  args: { chatUser: sione },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'sione' });
    const note = await canvas.findByRole('note');
    await expect(note).toHaveTextContent(
      'Messages between Spanish and Tongan are not translated yet.',
    );
    // bo writes English, which the server translates both ways: no notice.
    await openChat(canvasElement, 'bo');
    await waitFor(() => expect(canvas.queryByRole('note')).toBeNull());
    // dmitri (Russian) is reached through an English pivot: no notice either.
    await openChat(canvasElement, 'dmitri');
    await expect(canvas.queryByRole('note')).toBeNull();
  },
};

export const TierLimitWarning: Story = {
  args: { currentPath: () => '/?chat=private-1-2' },
  parameters: {
    msw: {
      handlers: {
        socket: mockChatSocket({
          afterJoin: () => [
            {
              type: 'tier_limit_warning',
              title: 'Daily limit reached',
              message: 'Your message was delivered without translation.',
              actions: [
                { label: 'Upgrade now', url: '/subscribe/personal' },
                { label: 'Dashboard', url: '/dashboard' },
              ],
            },
          ],
        }),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    sessionStorage.removeItem(PREVIOUS_CHAT_URL_KEY);
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const dialog = await canvas.findByRole('dialog', { name: 'Daily limit reached' });
    await expect(dialog).toHaveAccessibleDescription(
      'Your message was delivered without translation.',
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'Upgrade now' }));
    await expect(sessionStorage.getItem(PREVIOUS_CHAT_URL_KEY)).toBe('/?chat=private-1-2');
    await expect(args.onNavigate).toHaveBeenCalledWith('/subscribe/personal');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    sessionStorage.removeItem(PREVIOUS_CHAT_URL_KEY);
  },
};

export const SubscriptionRequired: Story = {
  args: { currentPath: () => '/' },
  parameters: {
    msw: {
      handlers: {
        socket: mockChatSocket({ afterJoin: () => [{ type: 'subscription_required' }] }),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const dialog = await canvas.findByRole('dialog', { name: 'Upgrade for Full Access' });
    await expect(within(dialog).getByText('$9.99/month')).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('link', { name: UI_STRINGS.plans.choose('Organization') }),
    );
    await expect(args.onNavigate).toHaveBeenCalledWith('/subscribe/organization');
    await expect(sessionStorage.getItem(PREVIOUS_CHAT_URL_KEY)).toBe('/');
    sessionStorage.removeItem(PREVIOUS_CHAT_URL_KEY);
  },
};

function sentTexts(before: number) {
  return receivedFrames
    .slice(before)
    .flatMap((frame) => (frame.type === 'chat_message' ? [frame.message ?? ''] : []));
}

/** Suggestions from POST /corrections/check/ in ana's language; off: sent exactly as typed. */
export const SpellingSuggestionsAutoCorrectOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const box = canvas.getByRole('textbox', { name: S.composerLabel });
    await expect(canvas.getByRole('switch', { name: C.autoCorrect })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await userEvent.type(box, 'hola amgo');
    await userEvent.click(
      await canvas.findByRole('button', { name: C.flagged('amgo') }, { timeout: 5000 }),
    );
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'amago' }));
    await expect(box).toHaveValue('hola amago');
    await userEvent.type(box, ' hasta mañna');
    await canvas.findByRole('button', { name: C.flagged('mañna') }, { timeout: 5000 });
    const before = receivedFrames.length;
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sentTexts(before)).toEqual(['hola amago hasta mañna']));
  },
};

export const AutoCorrectOnSend: Story = {
  parameters: { msw: { handlers: { me: meWith({ auto_correct: false }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const toggle = canvas.getByRole('switch', { name: C.autoCorrect });
    await userEvent.click(toggle);
    // Optimistic: on at once, saved with PATCH /accounts/update-auto-correct/.
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const box = canvas.getByRole('textbox', { name: S.composerLabel });
    const before = receivedFrames.length;
    await userEvent.type(box, 'amgo, hasta mañna{Enter}');
    await waitFor(() => expect(sentTexts(before)).toEqual(['amigo, hasta mañana']));
    const messages = within(await canvas.findByRole('region', { name: S.messagesLabel }));
    await expect(await messages.findByText('amigo, hasta mañana')).toBeVisible();
  },
};

/** The header's More actions: view profile, report with a reason, block. */
export const BlockAndReportFromHeader: Story = {
  parameters: {
    msw: { handlers: { block: socialHandlers.block, report: socialHandlers.report } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    connectionCalls.length = 0;
    await openChat(canvasElement, 'bo');
    const more = canvas.getByRole('button', { name: UI_STRINGS.profile.more });
    await userEvent.click(more);
    await expect(canvas.getByRole('link', { name: S.viewProfile })).toHaveAttribute(
      'href',
      ROUTES.profile('bo'),
    );
    await userEvent.click(canvas.getByRole('button', { name: UI_STRINGS.profile.report }));
    const dialog = within(
      await canvas.findByRole('dialog', { name: UI_STRINGS.report.title('bo') }),
    );
    await userEvent.type(
      dialog.getByRole('textbox', { name: UI_STRINGS.report.reasonLabel }),
      'Spam links',
    );
    await userEvent.click(dialog.getByRole('button', { name: UI_STRINGS.report.submit }));
    await expect(await canvas.findByText(UI_STRINGS.report.sent)).toBeVisible();
    await userEvent.click(more);
    await userEvent.click(canvas.getByRole('button', { name: UI_STRINGS.profile.block }));
    await expect(await canvas.findByText(UI_STRINGS.profile.blocked('bo'))).toBeVisible();
    // The blocked person's conversation closes.
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: UI_STRINGS.profile.more })).toBeNull(),
    );
    await expect(connectionCalls).toEqual([
      { path: 'report', body: { user_id: 2, reason: 'Spam links' } },
      { path: 'block', body: { user_id: 2 } },
    ]);
  },
};

const M = MEDIA_STRINGS;

async function recordAndSend(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: M.record }));
  await waitFor(() => expect(canvas.getByRole('button', { name: M.stopRecording })).toBeEnabled());
  await userEvent.click(canvas.getByRole('button', { name: M.stopRecording }));
  await userEvent.click(await canvas.findByRole('button', { name: M.sendVoice }));
}

/** Spec §4: pending placeholder, upload, then the message with its transcript over the socket. */
export const SendsAVoiceNote: Story = {
  args: { recorderEnvironment: fakeRecorderEnvironment('ok'), sounds: false },
  parameters: {
    msw: {
      handlers: {
        voice: http.post('/chatmessage/upload-chat-voice/', async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          return HttpResponse.json(
            { transcript: 'See you at five', audio_url: SAMPLE_AUDIO_URL, file_name: 'voice.webm' },
            { status: 201 },
          );
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const before = receivedFrames.length;
    await recordAndSend(canvasElement);
    const messages = within(await canvas.findByRole('region', { name: S.messagesLabel }));
    await expect(await messages.findByText(M.uploadingVoice)).toBeVisible();
    await expect(await messages.findByText('See you at five', {}, { timeout: 5000 })).toBeVisible();
    const frame = receivedFrames
      .slice(before)
      .find((f) => f.type === 'chat_message' && f.audio_url === SAMPLE_AUDIO_URL);
    await expect(frame).toMatchObject({ file_type: 'audio', transcript: 'See you at five' });
  },
};

/**
 * Live talk: 'Talk live' streams the microphone into the open chat (chunk_init with the room, a
 * chunk a second, chunk_end on 'Stop talking') with the recording indicator; nothing is kept.
 */
export const TalksLive: Story = {
  args: { recorderEnvironment: fakeRecorderEnvironment('ok'), sounds: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    const before = receivedFrames.length;
    const binaryBefore = receivedBinary.length;
    await userEvent.click(await canvas.findByRole('button', { name: M.talkLive }));
    const stop = await canvas.findByRole('button', { name: M.stopTalking });
    await waitFor(() => expect(stop).toBeEnabled());
    await waitFor(() => expect(receivedBinary.length).toBeGreaterThan(binaryBefore), {
      timeout: 5000,
    });
    await userEvent.click(stop);
    await waitFor(() =>
      expect(receivedFrames.slice(before).map((f) => f.type)).toContain('chunk_end'),
    );
    const frames = receivedFrames.slice(before);
    await expect(frames.find((f) => f.type === 'chunk_init')).toMatchObject({
      from: 1,
      receiver_id: 2,
      room_name: BO_ROOM,
    });
    await expect(frames.filter((f) => f.type === 'recording').map((f) => f.is_recording)).toEqual([
      true,
      false,
    ]);
    await expect(await canvas.findByRole('textbox', { name: S.composerLabel })).toBeVisible();
    const messages = within(canvas.getByRole('region', { name: S.messagesLabel }));
    await expect(messages.queryByText(M.uploadingVoice)).toBeNull();
  },
};

/** Someone talking live in the open chat: the indicator says so until their talk ends. */
export const HearsSomeoneTalkLive: Story = {
  args: { sounds: false },
  parameters: {
    msw: {
      handlers: {
        socket: mockChatSocket({
          history: { [BO_ROOM]: storedConversation(BO_ROOM, 3) },
          afterJoin: (room) => [
            {
              type: 'recording_indicator',
              sender_id: 2,
              username: 'bo',
              is_recording: true,
              room_name: room,
            },
            {
              type: 'voice_chunk',
              from: 2,
              original_blob: btoa('x'.repeat(3000)),
              mime_type: 'audio/webm',
              room_name: room,
              seq: 0,
              language: 'es',
            },
          ],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await openChat(canvasElement, 'bo');
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(S.talkingLive(['bo']))).toBeVisible();
    await expect(canvas.queryByText(S.recording(['bo']))).toBeNull();
  },
};

export const VoiceUploadFails: Story = {
  args: { recorderEnvironment: fakeRecorderEnvironment('ok'), sounds: false },
  parameters: {
    msw: {
      handlers: {
        voice: http.post('/chatmessage/upload-chat-voice/', () =>
          HttpResponse.json({ detail: 'boom' }, { status: 500 }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    await recordAndSend(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(
      await body.findByText('Something went wrong while uploading voice.'),
    ).toBeVisible();
    const messages = within(canvas.getByRole('region', { name: S.messagesLabel }));
    // Not a ghost: the note stays, failed, with Retry.
    await expect(await messages.findByRole('button', { name: S.retry })).toBeVisible();
  },
};

export const VoiceLimitOpensUpgrade: Story = {
  args: { recorderEnvironment: fakeRecorderEnvironment('ok'), sounds: false },
  parameters: {
    msw: {
      handlers: {
        voice: http.post('/chatmessage/upload-chat-voice/', () =>
          HttpResponse.json(
            {
              voice_limit_reached: true,
              error: 'voice_limit_reached',
              detail: 'Daily voice limit reached.',
            },
            { status: 403 },
          ),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    await recordAndSend(canvasElement);
    await expect(
      await canvas.findByRole('dialog', { name: 'Upgrade for Full Access' }),
    ).toBeVisible();
  },
};

export const SendsAnImage: Story = {
  args: { sounds: false },
  parameters: {
    msw: {
      handlers: {
        upload: http.post('/chatmessage/upload-file/', async () => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return HttpResponse.json(
            { file_url: SAMPLE_IMAGE_URL, file_name: 'sunset.svg', file_type: 'image' },
            { status: 201 },
          );
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    await userEvent.upload(canvas.getByLabelText(M.attachInput), sampleImageFile());
    await expect(
      await canvas.findByRole('img', { name: M.attachmentPreview('sunset.svg') }),
    ).toBeVisible();
    await waitFor(() => expect(canvas.getByText(M.uploaded)).toBeVisible(), { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: S.send }));
    const messages = within(canvas.getByRole('region', { name: S.messagesLabel }));
    await expect(await messages.findByRole('img', { name: M.image('sunset.svg') })).toBeVisible();
  },
};

/** Phones (360 px): the chat list alone, no conversation pane beside it. */
export const PhoneList: Story = {
  globals: PHONE,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const side = await sidebar(canvasElement);
    await side.findByRole('button', { name: /^bo/ });
    await expect(canvas.queryByText(S.selectPrompt)).not.toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
    // Touch targets of the footer and the tabs are at least 44 px tall.
    for (const button of [
      side.getByRole('button', { name: S.searchAllUsers }),
      side.getByRole('tab', { name: S.tabs.all }),
    ]) {
      await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
  },
};

/** Phones: an open conversation fills the screen; its back button returns to the list. */
export const PhoneConversation: Story = {
  globals: PHONE,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    await expect(canvas.queryByRole('navigation', { name: S.sidebarLabel })).toBeNull();
    const back = canvas.getByRole('button', { name: S.backToChats });
    await expect(back).toBeVisible();
    for (const name of [S.backToChats, S.audioCall, S.videoCall]) {
      const box = canvas.getByRole('button', { name }).getBoundingClientRect();
      await expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    // The composer sits inside the viewport, not below the fold.
    const composer = canvas.getByRole('textbox', { name: S.composerLabel });
    const bottom = composer.getBoundingClientRect().bottom;
    await expect(bottom).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientHeight,
    );
    await expectNoSidewaysScroll(canvasElement);
    await userEvent.click(back);
    await expect(await sidebar(canvasElement)).toBeTruthy();
    await expect(canvas.queryByRole('heading', { level: 2, name: 'bo' })).toBeNull();
  },
};

/** Phones: a modal is a full-height sheet. */
export const PhoneSheet: Story = {
  globals: PHONE,
  parameters: { msw: { handlers: { accepted: socialHandlers.accepted } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const side = await sidebar(canvasElement);
    await userEvent.click(side.getByRole('button', { name: S.createGroups }));
    const dialog = await canvas.findByRole('dialog', { name: UI_STRINGS.createGroup.title });
    const box = dialog.getBoundingClientRect();
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(Math.round(box.width)).toBe(doc.clientWidth);
    await expect(Math.round(box.height)).toBe(doc.clientHeight);
  },
};

/** Tablets keep both panes: the list beside the conversation, no back button. */
export const Tablet: Story = {
  globals: TABLET,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openChat(canvasElement, 'bo');
    await expect(await sidebar(canvasElement)).toBeTruthy();
    await expect(canvas.queryByRole('button', { name: S.backToChats })).toBeNull();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** Desktops: both panes, as before. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(S.selectPrompt)).toBeVisible();
    await openChat(canvasElement, 'bo');
    await expect(await sidebar(canvasElement)).toBeTruthy();
    await expect(canvas.queryByRole('button', { name: S.backToChats })).toBeNull();
  },
};

/** The same notice in the Spanish interface: both languages named in Spanish. */
export const PairNotTranslatedSpanish: Story = {
  args: { chatUser: sione },
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'sione' });
    const note = await canvas.findByRole('note');
    await expect(note).toHaveTextContent(
      UI_STRINGS.translation.pairUnsupported('español', 'tongano'),
    );
  },
};
