import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { conversation, STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { longConversationBubbles } from '../../mocks/longConversation';
import { UI_STRINGS } from '../../strings';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubble';
import { MessageList } from './MessageList';

const S = UI_STRINGS.chat;

/** A fixed-height pane, as in the chat screen. */
const pane = (Story: () => React.ReactNode) => (
  <div style={{ height: 480, display: 'flex', flexDirection: 'column' }}>
    <Story />
  </div>
);

const meta = {
  title: 'Components/MessageList',
  component: MessageList,
  tags: ['autodocs'],
  decorators: [pane],
  args: {
    messages: conversation(30),
    roomKey: 'private-1-2',
    now: STORY_NOW,
    onLoadOlder: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof MessageList>;
export default meta;
type Story = StoryObj<typeof meta>;

const scroller = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: S.messagesLabel });

/** How far the list's view is from its end, in px. */
const distanceToEnd = (region: HTMLElement) =>
  region.scrollHeight - region.scrollTop - region.clientHeight;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const region = scroller(canvasElement);
    // Opens at the newest message.
    await waitFor(() => expect(within(region).getByText(/\(#30\)$/)).toBeVisible());
    await expect(distanceToEnd(region)).toBeLessThan(2);
  },
};

export const Empty: Story = {
  args: { messages: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.noMessages)).toBeVisible();
  },
};

export const LoadingOlder: Story = {
  args: { hasMore: true, loadingOlder: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.loadingOlder);
  },
};

export const Group: Story = {
  args: { showSenders: true },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(scroller(canvasElement)).getAllByText('bo').length).toBeGreaterThan(0),
    );
  },
};

/** Issue 29: in a group, a blocked person's messages are collapsed; Show opens one of them. */
export const GroupWithBlockedPerson: Story = {
  args: {
    showSenders: true,
    messages: conversation(6).map((message, index) =>
      index === 2 || index === 5
        ? { ...message, sender_id: 3, sender_username: 'cy', from_blocked: true }
        : message,
    ),
  },
  play: async ({ canvasElement }) => {
    const region = within(scroller(canvasElement));
    const show = await region.findAllByRole('button', {
      name: UI_STRINGS.blockedMessage.showLabel,
    });
    await expect(show).toHaveLength(2);
    await expect(region.queryByText(/\(#3\)$/)).toBeNull();
    await userEvent.click(show[0] as HTMLElement);
    await expect(region.getByText(/\(#3\)$/)).toBeVisible();
    // The other stays collapsed.
    await expect(region.queryByText(/\(#6\)$/)).toBeNull();
  },
};

/** A group's record of being created, a missed call and a call with its length: centred rows. */
export const WithSystemRows: Story = {
  args: {
    showSenders: true,
    messages: (() => {
      const [first, second, third] = conversation(3);
      const at = (m: MessageBubbleMessage | undefined) => m?.timestamp ?? STORY_NOW.toISOString();
      const record = (id: number, timestamp: string, extra: Partial<MessageBubbleMessage>) =>
        ({
          id,
          client_id: null,
          sender_id: 2,
          sender_username: 'bo',
          message: '',
          timestamp,
          type: 'received',
          status: 'sent',
          ...extra,
        }) satisfies MessageBubbleMessage;
      return [
        record(100, at(first), {
          group_event: {
            event: 'created',
            actor_id: 2,
            actor_username: 'bo',
            members: [],
            group_name: 'Team Parley',
          },
        }),
        ...(first ? [first] : []),
        record(101, at(second), {
          call_event: { event: 'ended', call_type: 'audio', reason: 'missed' },
        }),
        ...(second ? [second] : []),
        record(102, at(third), {
          call_event: {
            event: 'ended',
            call_type: 'video',
            reason: 'ended',
            duration_seconds: 133,
          },
        }),
        ...(third ? [third] : []),
      ];
    })(),
  },
  play: async ({ canvasElement }) => {
    const region = within(scroller(canvasElement));
    await waitFor(() =>
      expect(region.getByText('bo created the group "Team Parley"')).toBeVisible(),
    );
    await expect(region.getByText('Missed audio call')).toBeVisible();
    await expect(region.getByText('Video call ended · 2:13')).toBeVisible();
    // Records are rows of their own, not bubbles.
    await expect(canvasElement.querySelectorAll('[data-system-row]')).toHaveLength(3);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    messages: [
      {
        id: 1,
        client_id: null,
        sender_id: 2,
        sender_username: 'ليلى',
        message: 'مرحبا! كيف حالك اليوم؟',
        timestamp: new Date(2026, 2, 10, 9, 15).toISOString(),
        type: 'received',
        status: 'sent',
      },
      {
        id: 2,
        client_id: null,
        sender_id: 1,
        sender_username: 'ana',
        message: 'بخير، شكراً! وأنت؟',
        timestamp: new Date(2026, 2, 10, 9, 16).toISOString(),
        type: 'sent',
        status: 'sent',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('مرحبا! كيف حالك اليوم؟')).toBeVisible();
  },
};

/** Older history arrives on scrolling to the top, like client.chat.loadOlder. */
function Paged({ total, initial, delayMs }: { total: number; initial: number; delayMs: number }) {
  const all = conversation(total);
  const [count, setCount] = useState(initial);
  const [loading, setLoading] = useState(false);
  const messages = all.slice(total - count);
  return (
    <MessageList
      messages={messages}
      roomKey="private-1-2"
      now={STORY_NOW}
      hasMore={count < total}
      loadingOlder={loading}
      onLoadOlder={() => {
        setLoading(true);
        setTimeout(() => {
          setCount((c) => Math.min(total, c + 50));
          setLoading(false);
        }, delayMs);
      }}
    />
  );
}

/** Waits until the scroll position and height have held still for three frames. */
async function settledScroll(region: HTMLElement) {
  let last = '';
  let still = 0;
  for (let i = 0; i < 120 && still < 3; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    const now = `${region.scrollTop}/${region.scrollHeight}`;
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

function top(el: Element, container: Element) {
  return el.getBoundingClientRect().top - container.getBoundingClientRect().top;
}

/** 5,000 messages: only a window of rows is in the DOM; older history keeps the reader's place. */
export const ThousandsOfMessages: Story = {
  render: () => <Paged total={5050} initial={5000} delayMs={500} />,
  play: async ({ canvasElement }) => {
    const region = scroller(canvasElement);
    const list = region.querySelector('ul') as HTMLUListElement;
    await waitFor(() => expect(within(region).getByText(/\(#5050\)$/)).toBeVisible());
    const rows = region.querySelectorAll('li');
    await expect(rows.length).toBeGreaterThan(3);
    await expect(rows.length).toBeLessThan(60);
    await expect(list.style.height).toMatch(/^\d{6,}px$/);

    // Scrolling to the top asks for older history; note where the oldest loaded message (#51) is.
    const heightBefore = list.style.height;
    region.scrollTop = 0;
    await waitFor(() => expect(within(region).getByText(/\(#51\)$/)).toBeVisible());
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.loadingOlder);
    const before = top(within(region).getByText(/\(#51\)$/), region);
    // #1–#50 are prepended: the list grows, and #51 stays where the reader saw it.
    await waitFor(() => expect(list.style.height).not.toBe(heightBefore), { timeout: 5000 });
    await waitFor(() => expect(region.scrollTop).toBeGreaterThan(1000));
    await waitFor(() =>
      expect(Math.abs(top(within(region).getByText(/\(#51\)$/), region) - before)).toBeLessThan(2),
    );
    await expect(within(region).queryByText(/\(#1\)$/)).toBeNull();
    await expect(region.querySelectorAll('li').length).toBeLessThan(60);
  },
};

/** Scrolls `region` to `where` until `text` is in view (rows measured on the way move the end). */
async function scrollUntilShown(region: HTMLElement, where: 'top' | 'bottom', text: RegExp) {
  await waitFor(() => {
    region.scrollTop = where === 'top' ? 0 : region.scrollHeight;
    expect(within(region).getByText(text)).toBeVisible();
  });
}

/**
 * 10,000 messages over two weeks (short, very long, photos, translated, both ways), as the
 * long-conversation bench opens them: only a window of rows is ever in the DOM, from the newest
 * message to the first and back.
 */
export const TenThousandMessages: Story = {
  args: { messages: longConversationBubbles(10_000, STORY_NOW) },
  play: async ({ canvasElement }) => {
    const region = scroller(canvasElement);
    await waitFor(() => expect(within(region).getByText(/\(#10000\)$/)).toBeVisible());
    await expect(region.querySelectorAll('li').length).toBeLessThan(60);
    await expect(region.querySelector('li')).toHaveAttribute('aria-setsize', '10000');
    await scrollUntilShown(region, 'top', /\(#1\)$/);
    await expect(region.querySelectorAll('li').length).toBeLessThan(60);
    await scrollUntilShown(region, 'bottom', /\(#10000\)$/);
    await waitFor(() => expect(distanceToEnd(region)).toBeLessThan(2));
  },
};

/** The message after `list`: from bo when received, from ana (the reader) when sent. */
function nextMessage(
  list: readonly MessageBubbleMessage[],
  type: 'sent' | 'received',
  message: string,
): MessageBubbleMessage {
  const from = type === 'sent' ? { id: 1, name: 'ana' } : { id: 2, name: 'bo' };
  return {
    id: list.length + 1,
    client_id: null,
    sender_id: from.id,
    sender_username: from.name,
    message,
    timestamp: STORY_NOW.toISOString(),
    type,
    status: 'sent',
  };
}

/** New messages while reading older ones do not move the view; at the bottom, the list follows. */
export const KeepsPositionWhenMessagesArrive: Story = {
  render: function Render() {
    const [messages, setMessages] = useState<MessageBubbleMessage[]>(conversation(200));
    return (
      <>
        <button
          type="button"
          onClick={() =>
            setMessages((list) => [
              ...list,
              nextMessage(list, 'received', `New message ${list.length + 1}`),
            ])
          }
        >
          Receive
        </button>
        <MessageList messages={messages} roomKey="r" now={STORY_NOW} />
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = scroller(canvasElement);
    await waitFor(() => expect(within(region).getByText(/\(#200\)$/)).toBeVisible());
    // At the bottom: follows, and announces the message politely.
    await userEvent.click(canvas.getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(within(region).getByText('New message 201')).toBeVisible());
    const live = canvasElement.querySelector('[aria-live="polite"][aria-atomic="true"]');
    await expect(live).toHaveTextContent('bo: New message 201');
    // Reading older messages: a new one does not move the view. The anchor is a row well inside
    // the viewport (not one in the overscan above it, which the list may drop), found by its index.
    region.scrollTop = region.scrollTop - 1500;
    await settledScroll(region);
    const rows = [...region.querySelectorAll<HTMLLIElement>('li[data-index]')];
    const anchorRow = rows.find((li) => top(li, region) >= region.clientHeight / 3);
    const anchor = anchorRow?.dataset.index ?? '';
    await expect(anchor).not.toBe('');
    const before = anchorRow ? top(anchorRow, region) : 0;
    await userEvent.click(canvas.getByRole('button', { name: 'Receive' }));
    await settledScroll(region);
    const again = region.querySelector(`li[data-index="${anchor}"]`);
    await expect(again).not.toBeNull();
    await expect(Math.abs((again ? top(again, region) : 0) - before)).toBeLessThan(2);
    await expect(within(region).queryByText('New message 202')).toBeNull();
    // Back at the end, the new message is there.
    await waitFor(() => {
      region.scrollTop = region.scrollHeight;
      expect(within(region).getByText('New message 202')).toBeVisible();
    });
  },
};

/**
 * A photo the reader sends grows its row when it loads, which can happen after the list scrolled
 * to it but before the browser reported that scroll: the list still follows it to the end.
 */
export const FollowsTheNewestMessageAsItGrows: Story = {
  render: function Render() {
    const [messages, setMessages] = useState<MessageBubbleMessage[]>(conversation(40));
    const box = useRef<HTMLDivElement>(null);
    // Runs after the list's own layout effect (which scrolled to the new row), before the
    // browser's scroll event: the row grows as a photo that loads at that moment would.
    useLayoutEffect(() => {
      if (messages.length === 40) return;
      const rows = box.current?.querySelectorAll<HTMLLIElement>('li[data-index]') ?? [];
      const newest = [...rows].find((li) => li.dataset.index === String(messages.length - 1));
      if (newest) newest.style.paddingBottom = '240px';
    }, [messages.length]);
    return (
      <div ref={box} style={{ display: 'contents' }}>
        <button
          type="button"
          onClick={() => setMessages((list) => [...list, nextMessage(list, 'sent', 'A photo')])}
        >
          Send a photo
        </button>
        <MessageList messages={messages} roomKey="r" now={STORY_NOW} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = scroller(canvasElement);
    await waitFor(() => expect(within(region).getByText(/\(#40\)$/)).toBeVisible());
    await userEvent.click(canvas.getByRole('button', { name: 'Send a photo' }));
    await waitFor(() => {
      const li = within(region).getByText('A photo').closest('li');
      expect(li?.style.paddingBottom).toBe('240px');
      expect(distanceToEnd(region)).toBeLessThan(2);
    });
    // Still following: the next message is shown too.
    await userEvent.click(canvas.getByRole('button', { name: 'Send a photo' }));
    await waitFor(() => expect(distanceToEnd(region)).toBeLessThan(2));
  },
};
