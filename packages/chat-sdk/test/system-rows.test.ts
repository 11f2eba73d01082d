import { describe, expect, it } from 'vitest';
import {
  type ChatListUser,
  chatListEntries,
  isSystemMessage,
  type RoomState,
  readGroupEvent,
} from '../src/index';

const bo = {
  id: 2,
  username: 'bo',
  profile_image: null,
  first_name: null,
  last_name: null,
  followers_count: 0,
  last_message: 'voice.webm',
  last_message_time: '2026-03-10T10:00:00.000Z',
  language: 'English',
  voice_output_enabled: true,
  mute_sounds: false,
} as unknown as ChatListUser;

describe('system rows', () => {
  it('reads a group event and drops malformed ones', () => {
    expect(
      readGroupEvent({
        event: 'member_added',
        actor_id: 1,
        actor_username: 'ana',
        members: [{ id: 2, username: 'bo' }, { id: 'x' }],
      }),
    ).toEqual({
      event: 'member_added',
      actor_id: 1,
      actor_username: 'ana',
      members: [{ id: 2, username: 'bo' }],
    });
    expect(readGroupEvent({ event: 'exploded', actor_id: 1, actor_username: 'ana' })).toBeNull();
    expect(readGroupEvent('created')).toBeNull();
  });

  it('tells records from things someone said', () => {
    expect(isSystemMessage({ call_event: { event: 'started', call_type: 'audio' } })).toBe(true);
    expect(isSystemMessage({})).toBe(false);
  });

  it("keeps the list's info from the server, and marks my own last message", () => {
    const [entry] = chatListEntries(1, {
      users: [{ ...bo, last_message_info: { sender_id: 1, file_type: 'audio', voice: true } }],
      groups: [],
      opened: [],
      loading: false,
      loaded: true,
      failed: false,
    });
    expect(entry?.lastMessageInfo).toEqual({ sender_id: 1, file_type: 'audio', voice: true });
    expect(entry?.lastMessageMine).toBe(true);
  });

  it('words a newer message from the chat store by its kind (a spec backend sends no info)', () => {
    const rooms: Record<string, RoomState> = {
      'private-1-2': {
        messages: [
          {
            id: 9,
            client_id: null,
            room_name: 'private-1-2',
            sender_id: 2,
            sender_username: 'bo',
            sender_profile_image: null,
            message: '',
            original_message: '',
            original_language: null,
            file_type: 'image',
            file_url: '/media/x.webp',
            audio_url: null,
            file_name: 'IMG_1.jpg',
            transcript: null,
            timestamp: '2026-03-10T11:00:00.000Z',
            status: 'sent',
            type: 'received',
          },
        ],
      } as unknown as RoomState,
    };
    const [entry] = chatListEntries(
      1,
      { users: [bo], groups: [], opened: [], loading: false, loaded: true, failed: false },
      rooms,
    );
    expect(entry?.lastMessageInfo).toEqual({ sender_id: 2, file_type: 'image' });
    expect(entry?.lastMessageMine).toBe(false);
  });
});
