import { proxy, snapshot } from 'valtio/vanilla';
import { describe, expect, it } from 'vitest';
import type { ReceivedMessage, RoomMessage } from '../src/chat/chat-state';
import { upsertMessage } from '../src/chat/message-list';

// Issue 24: a message finds its earlier copy through the room's id index, with the same answers as
// the scan it replaced, in a valtio proxy as the store holds it.
const ME = 1;
function received(fields: Partial<ReceivedMessage>): ReceivedMessage {
  return {
    id: null,
    client_id: null,
    sender_id: 2,
    sender_username: 'ana',
    message: 'hola',
    original_message: 'hola',
    original_language: 'es',
    timestamp: '2026-11-27T03:00:00.000Z',
    file_url: null,
    audio_url: null,
    room_name: 'private-1-2',
    ...fields,
  } as ReceivedMessage;
}
const optimistic = (clientId: string): RoomMessage => ({
  ...received({ client_id: clientId, sender_id: ME, sender_username: 'me' }),
  status: 'sending',
  type: 'sent',
});

describe('upsertMessage with the id index', () => {
  it('appends new messages and replaces a repeated one by id', () => {
    const list = proxy<RoomMessage[]>([]);
    for (let id = 1; id <= 1000; id++) upsertMessage(list, received({ id, message: `m${id}` }), ME);
    const before = snapshot(list);
    const again = upsertMessage(list, received({ id: 500, message: 'edited' }), ME);
    expect(again.added).toBe(false);
    expect(list).toHaveLength(1000);
    expect(list[499]?.message).toBe('edited');
    // Untouched messages keep their snapshot objects: only the array and the changed one are new.
    expect(snapshot(list)[0]).toBe(before[0]);
  });

  it('settles an optimistic copy by client_id, then finds it by its new id', () => {
    const list = proxy<RoomMessage[]>([]);
    upsertMessage(list, received({ id: 1 }), ME);
    // The outbox pushes its optimistic copy itself, past the index.
    list.push(optimistic('c-1'));
    const echo = upsertMessage(list, received({ id: 2, client_id: 'c-1', sender_id: ME }), ME);
    expect(echo).toMatchObject({ added: false, settled: 'c-1' });
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ id: 2, status: 'sent' });
    const edit = upsertMessage(list, received({ id: 2, sender_id: ME, message: 'x' }), ME);
    expect(edit.added).toBe(false);
    expect(list).toHaveLength(2);
  });

  it('indexes a list the store replaced, and one that shrank', () => {
    const first = proxy<RoomMessage[]>([]);
    upsertMessage(first, received({ id: 1 }), ME);
    const second = proxy<RoomMessage[]>([...first.map((m) => ({ ...m })).reverse()]);
    upsertMessage(second, received({ id: 3 }), ME);
    second.splice(0, 1);
    // A removal moves positions: the index sees it and answers from the list as it is.
    expect(upsertMessage(second, received({ id: 3, message: 'again' }), ME).added).toBe(false);
    expect(second).toHaveLength(1);
    // An older page goes in front as a new list (the store's lists are immutable): a new index.
    const third = [
      { ...received({ id: 4 }), status: 'sent' as const, type: 'received' as const },
      ...second,
    ];
    expect(upsertMessage(third, received({ id: 3, message: 'third' }), ME).added).toBe(false);
    expect(upsertMessage(third, received({ id: 4, message: 'fourth' }), ME).added).toBe(false);
    expect(third.map((m) => m.message)).toEqual(['fourth', 'third']);
  });

  it('still matches a spec-only message (no id, no client_id) by its contents', () => {
    const list = proxy<RoomMessage[]>([]);
    expect(upsertMessage(list, received({}), ME).added).toBe(true);
    expect(upsertMessage(list, received({}), ME).added).toBe(false);
    expect(
      upsertMessage(list, received({ message: 'other', original_message: 'other' }), ME).added,
    ).toBe(true);
  });
});
