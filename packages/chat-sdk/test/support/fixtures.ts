import type { ChatMessage, CurrentUser, RegisterPayload } from '../../src/index';

export const API_URL = 'http://api.test';

export const ana: CurrentUser = {
  id: 1,
  username: 'ana',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  gender: 'FEMALE',
  first_name: null,
  last_name: null,
  profile_image: null,
  language: 'Spanish',
  profile_info: '',
  chat_theme: 'default',
  mute_sounds: false,
  voice_output_enabled: true,
  subscription_active: false,
  is_org_admin: false,
  org_invite_token: null,
  is_lifetime: false,
  org_members: [],
  org_max_users: null,
  followers_count: 0,
};

export const registration: RegisterPayload = {
  username: 'ana',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  password: 'secret',
  language: 'Spanish',
  gender: 'FEMALE',
};

/** The exact value redux-persist would have written for this auth. */
export function persistedValue(accessToken: string | null, user: CurrentUser | null): string {
  return JSON.stringify({
    auth: JSON.stringify({ accessToken, user }),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  });
}

/** A message as the server stored it in ana and bo's private room (id 1 and 2), from bo. */
export function storedMessage(id: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    client_id: `server-${id}`,
    room_name: 'private-1-2',
    sender_id: 2,
    sender_username: 'bo',
    sender_profile_image: null,
    message: `hello ${id}`,
    original_message: `hello ${id}`,
    original_language: 'en',
    file_type: 'text',
    file_url: null,
    file_name: null,
    audio_url: null,
    transcript: null,
    timestamp: '2026-11-22T01:00:00.000Z',
    ...over,
  };
}
