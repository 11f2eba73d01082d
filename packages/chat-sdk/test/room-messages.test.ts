import { proxy, ref, snapshot, subscribe } from 'valtio/vanilla';
import { describe, expect, it } from 'vitest';
import type { RoomMessage, RoomState } from '../src/chat/chat-state';
import { applyEdited } from '../src/chat/message-actions';
import { upsertMessage } from '../src/chat/message-list';
import { changeMessageAt, editMessages, setMessages } from '../src/chat/room-messages';

// Issue 24: a room's messages are an immutable array held by reference, so a snapshot of the store
// does not copy 10,000 messages per change, and only the changed messages are new objects.
const ME = 1;
function received(fields: Partial<RoomMessage>): RoomMessage {
  return {
    id: null,
    client_id: null,
    sender_id: 2,
    sender_username: 'ana',
    message: 'hola',
    original_message: 'hola',
    original_language: 'es',
    timestamp: '2026-11-27T03:00:00.000Z',
    file_type: 'text',
    file_url: null,
    file_name: null,
    audio_url: null,
    transcript: null,
    room_name: 'private-1-2',
    status: 'sent',
    type: 'received',
    ...fields,
  } as RoomMessage;
}

function roomOf(count: number): { state: { rooms: Record<string, RoomState> }; entry: RoomState } {
  const state = proxy({
    rooms: { r: { messages: ref([]), hasMore: false, loadingOlder: false } } as Record<
      string,
      RoomState
    >,
  });
  setMessages(
    state.rooms.r as RoomState,
    Array.from({ length: count }, (_, at) => received({ id: at + 1, message: `m${at + 1}` })),
  );
  return { state, entry: state.rooms.r as RoomState };
}

const append = (entry: RoomState, message: RoomMessage) =>
  editMessages(entry, (list) => {
    list.push(message);
  });

describe('a room’s messages in the store', () => {
  it('are their own snapshot: the same array, not a copy of 10,000 entries', () => {
    const { state, entry } = roomOf(10_000);
    expect(snapshot(state).rooms.r?.messages).toBe(entry.messages);
  });

  it('take a new message as a new array, leaving the last snapshot as it was', async () => {
    const { state, entry } = roomOf(3);
    let heard = 0;
    const off = subscribe(state, () => {
      heard += 1;
    });
    const before = snapshot(state).rooms.r?.messages ?? [];
    append(entry, received({ id: 4 }));
    const after = snapshot(state).rooms.r?.messages ?? [];
    expect(before).toHaveLength(3);
    expect(after).toHaveLength(4);
    expect(after[0]).toBe(before[0]);
    await Promise.resolve();
    expect(heard).toBe(1);
    off();
  });

  it('settle an echo on a new object for that message only, found by the carried index', () => {
    const { entry } = roomOf(1000);
    append(entry, received({ client_id: 'c-1', sender_id: ME, type: 'sent', status: 'sending' }));
    const before = entry.messages;
    let echo: ReturnType<typeof upsertMessage> | undefined;
    editMessages(entry, (list) => {
      echo = upsertMessage(list, received({ id: 1001, client_id: 'c-1', sender_id: ME }), ME);
    });
    expect(echo).toMatchObject({ added: false, settled: 'c-1' });
    expect(before[1000]?.status).toBe('sending');
    expect(entry.messages[1000]).toMatchObject({ id: 1001, status: 'sent', type: 'sent' });
    expect(entry.messages[999]).toBe(before[999]);
    // The carried index now knows the new id.
    editMessages(entry, (list) => {
      expect(upsertMessage(list, received({ id: 1001, sender_id: ME }), ME).added).toBe(false);
    });
    expect(entry.messages).toHaveLength(1001);
  });

  it('change one message, or the ones a frame is about, on copies', () => {
    const { entry } = roomOf(5);
    append(
      entry,
      received({
        id: 6,
        reply_to: { id: 2, sender_id: 2, sender_username: 'ana', message: 'm2', file_type: 'text' },
      }),
    );
    const before = entry.messages;
    changeMessageAt(entry, 0, (message) => {
      message.reactions = [{ emoji: '👍', count: 1, user_ids: [ME] }];
    });
    expect(before[0]?.reactions).toBeUndefined();
    expect(entry.messages[0]?.reactions).toHaveLength(1);
    expect(entry.messages[1]).toBe(before[1]);

    const edited = {
      type: 'message_edited',
      message_id: 2,
      message: 'new',
      original_message: 'new',
      edited_at: '2026-11-27T04:00:00.000Z',
    } as Parameters<typeof applyEdited>[1];
    const beforeEdit = entry.messages;
    const touches = (m: RoomMessage) => m.id === 2 || m.reply_to?.id === 2;
    let changed = false;
    editMessages(entry, (list) => (changed = applyEdited(list, edited)), touches);
    expect(changed).toBe(true);
    expect(beforeEdit[1]?.message).toBe('m2');
    expect(beforeEdit[5]?.reply_to?.message).toBe('m2');
    expect(entry.messages[1]?.message).toBe('new');
    expect(entry.messages[5]?.reply_to?.message).toBe('new');
    expect(entry.messages[2]).toBe(beforeEdit[2]);
  });
});
