import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { conversation, STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { MessageBubble, type MessageBubbleMessage } from '../MessageBubble/MessageBubble';
import { MessageList } from '../MessageList/MessageList';
import * as css from './MessageActions.css';

const A = MESSAGE_ACTION_STRINGS;
// Two minutes before "now": still inside the 15-minute edit window.
const recently = new Date(STORY_NOW.getTime() - 2 * 60_000).toISOString();

const original: MessageBubbleMessage = {
  id: 10,
  client_id: null,
  sender_id: 1,
  sender_username: 'ana',
  message: 'Where shall we meet tomorrow?',
  original_message: 'Where shall we meet tomorrow?',
  timestamp: recently,
  type: 'sent',
  status: 'sent',
};

/** Carmen answers in Spanish; ana reads English, the quote in English too. */
const reply: MessageBubbleMessage = {
  id: 11,
  client_id: null,
  sender_id: 3,
  sender_username: 'carmen',
  message: 'At the station, at ten.',
  original_message: 'En la estación, a las diez.',
  original_language: 'es',
  translated: true,
  timestamp: recently,
  type: 'received',
  status: 'sent',
  reply_to: {
    id: 10,
    sender_id: 1,
    sender_username: 'ana',
    message: 'Where shall we meet tomorrow?',
    file_type: 'text',
  },
};

const meta = {
  title: 'Components/MessageActions',
  component: MessageBubble,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <ChatThemeScope theme="default" surface>
        <div style={{ padding: '1rem 0' }}>
          <Story />
        </div>
      </ChatThemeScope>
    ),
  ],
  args: {
    message: reply,
    now: STORY_NOW,
    actions: { onReply: fn(), onEdit: fn(), onDelete: fn(), onJumpToQuote: fn() },
  },
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A reply: the quote (in the reader's language) above the text; tapping it shows the original. */
export const Quote: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const quote = canvas.getByRole('button', { name: new RegExp(A.showOriginal('ana')) });
    await expect(quote).toHaveTextContent('Where shall we meet tomorrow?');
    await userEvent.click(quote);
    await expect(args.actions?.onJumpToQuote).toHaveBeenCalledWith(10);
  },
};

export const LongQuote: Story = {
  args: {
    message: {
      ...reply,
      reply_to: {
        ...(reply.reply_to as NonNullable<MessageBubbleMessage['reply_to']>),
        message:
          'Where shall we meet tomorrow? I was thinking of the station, or maybe the café by the river where we had breakfast last time, unless it rains — then somewhere indoors near the museum. The train gets in at nine, so anything after half past works for me, and I can bring the tickets for the afternoon exhibition if you still want to go. Let me know what suits you best and I will book a table.',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const quote = within(canvasElement).getByRole('button', { name: /café by the river/ });
    // Two lines at most: the rest is cut, the whole text stays in its accessible name.
    const text = quote.lastElementChild as HTMLElement;
    await expect(text.scrollHeight).toBeGreaterThan(text.clientHeight);
  },
};

export const QuoteOfDeletedMessage: Story = {
  args: {
    message: {
      ...reply,
      reply_to: {
        ...(reply.reply_to as NonNullable<MessageBubbleMessage['reply_to']>),
        message: '',
        deleted: true,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const quote = within(canvasElement).getByRole('button', { name: /show the original/ });
    await expect(quote).toHaveTextContent(A.deleted);
  },
};

export const QuoteOfPhoto: Story = {
  args: {
    message: {
      ...reply,
      reply_to: {
        ...(reply.reply_to as NonNullable<MessageBubbleMessage['reply_to']>),
        message: '',
        file_type: 'image',
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(A.kinds.image)).toBeVisible();
  },
};

export const Edited: Story = {
  args: {
    message: {
      ...reply,
      reply_to: null,
      edited_at: recently,
      message: 'At the station, at eleven.',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(A.edited)).toBeVisible();
  },
};

export const Deleted: Story = {
  args: { message: { ...reply, reply_to: null, message: '', deleted: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(A.deleted)).toBeVisible();
    // Nothing left to reply to or copy: only 'Delete for me'.
    await userEvent.click(canvas.getByRole('button', { name: A.actions }));
    const menu = canvas.getByRole('list', { name: A.actions });
    await expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([A.deleteForMe]);
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * My own message within the edit window, its actions open: Reply, Edit, Copy text, Delete for
 * everyone, Delete for me. Arrow keys move between them; Escape closes and returns to the button.
 */
export const MenuOpen: Story = {
  args: { message: original },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: A.actions });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = canvas.getByRole('list', { name: A.actions });
    const items = within(menu).getAllByRole('button');
    await expect(items.map((b) => b.textContent)).toEqual([
      A.reply,
      A.edit,
      A.copy,
      A.deleteForEveryone,
      A.deleteForMe,
    ]);
    items[0]?.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Keyboard only: Enter opens, Tab reaches Edit, Enter chooses it.
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.actions?.onEdit).toHaveBeenCalledWith(original);
    // Pictured open.
    await userEvent.click(trigger);
  },
};

/**
 * 'Delete for everyone' asks first: Cancel (or Escape) deletes nothing and gives the focus back;
 * the dialog's own button deletes. 'Delete for me' does not ask. Pictured with the dialog open.
 */
export const DeleteForEveryoneAsksFirst: Story = {
  args: { message: original },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: A.actions });
    await userEvent.click(trigger);
    await userEvent.click(canvas.getByRole('button', { name: A.deleteForEveryone }));
    const dialog = await page.findByRole('dialog', { name: A.confirmDeleteTitle });
    await expect(dialog).toHaveTextContent(A.confirmDeleteText);
    await expect(args.actions?.onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: A.cancel }));
    await expect(page.queryByRole('dialog')).toBeNull();
    await expect(trigger).toHaveFocus();
    await expect(args.actions?.onDelete).not.toHaveBeenCalled();

    await userEvent.click(trigger);
    await userEvent.click(canvas.getByRole('button', { name: A.deleteForEveryone }));
    const again = await page.findByRole('dialog', { name: A.confirmDeleteTitle });
    await userEvent.click(within(again).getByRole('button', { name: A.deleteForEveryone }));
    await expect(args.actions?.onDelete).toHaveBeenCalledWith(original, false);

    await userEvent.click(trigger);
    await userEvent.click(canvas.getByRole('button', { name: A.deleteForMe }));
    await expect(page.queryByRole('dialog')).toBeNull();
    await expect(args.actions?.onDelete).toHaveBeenLastCalledWith(original, true);

    // Pictured asking.
    await userEvent.click(trigger);
    await userEvent.click(canvas.getByRole('button', { name: A.deleteForEveryone }));
    await expect(await page.findByRole('dialog', { name: A.confirmDeleteTitle })).toBeVisible();
  },
};

/** Past 15 minutes my message cannot be edited any more. */
export const MenuAfterEditWindow: Story = {
  args: { message: { ...original, timestamp: new Date(2026, 2, 10, 9, 0).toISOString() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: A.actions }));
    await expect(canvas.queryByRole('button', { name: A.edit })).toBeNull();
    await expect(canvas.getByRole('button', { name: A.reply })).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    message: {
      ...reply,
      sender_username: 'ليلى',
      message: 'في المحطة، الساعة العاشرة.',
      edited_at: recently,
      reply_to: {
        id: 10,
        sender_id: 1,
        sender_username: 'ana',
        message: 'أين نلتقي غداً؟',
        file_type: 'text',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('أين نلتقي غداً؟')).toBeVisible();
    await expect(canvas.getByText(A.edited)).toBeVisible();
  },
};

/** Phones: a swipe toward the inline end replies; holding the bubble opens its actions. */
export const PhoneSwipeToReply: Story = {
  globals: { viewportSize: 'mobile' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const bubble = canvas.getByText('At the station, at ten.');
    // The gestures belong to the message's row.
    const line = bubble.closest('[data-status]') as HTMLElement;
    const box = line.getBoundingClientRect();
    const at = (type: string, x: number) =>
      line.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          pointerId: 7,
          pointerType: 'touch',
          clientX: x,
          clientY: box.top + 10,
        }),
      );
    at('pointerdown', box.left + 40);
    at('pointermove', box.left + 70);
    at('pointermove', box.left + 120);
    at('pointerup', box.left + 120);
    await expect(args.actions?.onReply).toHaveBeenCalledWith(reply);
    // A vertical move scrolls: no reply.
    const onReply = args.actions?.onReply as ReturnType<typeof fn>;
    const calls = onReply.mock.calls.length;
    line.dispatchEvent(
      new PointerEvent('pointerdown', {
        bubbles: true,
        pointerId: 8,
        pointerType: 'touch',
        clientX: box.left + 40,
        clientY: box.top + 10,
      }),
    );
    line.dispatchEvent(
      new PointerEvent('pointermove', {
        bubbles: true,
        pointerId: 8,
        pointerType: 'touch',
        clientX: box.left + 45,
        clientY: box.top + 90,
      }),
    );
    line.dispatchEvent(
      new PointerEvent('pointerup', {
        bubbles: true,
        pointerId: 8,
        pointerType: 'touch',
        clientX: box.left + 100,
        clientY: box.top + 90,
      }),
    );
    await expect(onReply.mock.calls.length).toBe(calls);
  },
};

/** A quote of a message not loaded yet: older pages load (like client.chat.loadOlder) until it is. */
function JumpingList() {
  const all = conversation(120);
  const [count, setCount] = useState(30);
  const messages: MessageBubbleMessage[] = [
    ...all.slice(all.length - count),
    {
      id: 500,
      client_id: null,
      sender_id: 2,
      sender_username: 'bo',
      message: 'About that — yes!',
      timestamp: STORY_NOW.toISOString(),
      type: 'received',
      status: 'sent',
      reply_to: {
        id: 40,
        sender_id: 2,
        sender_username: 'bo',
        message: (all[39] as MessageBubbleMessage).message,
        file_type: 'text',
      },
    },
  ];
  return (
    <div style={{ height: 480, display: 'flex', flexDirection: 'column' }}>
      <MessageList
        messages={messages}
        roomKey="private-1-2"
        now={STORY_NOW}
        hasMore={count < all.length}
        onLoadOlder={() => setCount((c) => Math.min(all.length, c + 50))}
        actions={{ onReply: fn() }}
      />
    </div>
  );
}

export const TapQuoteLoadsAndScrollsToOriginal: Story = {
  render: () => <JumpingList />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const quote = await canvas.findByRole('button', { name: /show the original/ });
    await userEvent.click(quote);
    const target = await canvas.findByText(/\(#40\)$/);
    const bubble = target.parentElement as HTMLElement;
    await waitFor(() => expect(bubble.className).toContain(css.highlighted));
    await waitFor(() => expect(target).toBeVisible());
    // The outline fades after a moment; pictured without it.
    await waitFor(() => expect(bubble.className).not.toContain(css.highlighted), {
      timeout: 4000,
    });
  },
};
