/**
 * Chat fixtures and MSW handlers (REST and WebSocket) for the chat stories: the calls of
 * docs/socket-protocol.md answered in the browser, so stories can drive the real sdk. Not part of
 * the package build.
 */
import type {
  Capabilities,
  ChatFileType,
  ChatHistoryPage,
  ChatListUser,
  ChatMessage,
  ClientFrame,
  CorrectionCheckResponse,
  GroupSummary,
  ServerFrame,
  UserSummary,
} from '@parley/chat-sdk';
import { HttpResponse, http, ws } from 'msw';
import type { MessageBubbleMessage } from '../components/MessageBubble/MessageBubble';
import { mockUser } from './handlers';

/** Stories' "now": Tuesday 10 March 2026, 15:30 local time. */
export const STORY_NOW = new Date(2026, 2, 10, 15, 30);

const at = (days: number, hours = 0, minutes = 0) =>
  new Date(
    STORY_NOW.getFullYear(),
    STORY_NOW.getMonth(),
    STORY_NOW.getDate() - days,
    hours,
    minutes,
  ).toISOString();

function chatUser(
  id: number,
  username: string,
  last_message: string | null,
  last_message_time: string | null,
  extra: Partial<ChatListUser> = {},
): ChatListUser {
  return {
    id,
    username,
    profile_image: null,
    first_name: null,
    last_name: null,
    followers_count: 0,
    last_message,
    last_message_time,
    language: 'English',
    voice_output_enabled: true,
    mute_sounds: false,
    ...extra,
  };
}

export const mockChatUsers: ChatListUser[] = [
  chatUser(2, 'bo', 'See you at 5!', at(0, 14, 5)),
  chatUser(3, 'carmen', '¿Quedamos mañana?', at(0, 9, 12), { language: 'Spanish' }),
  chatUser(4, 'dmitri', 'Спасибо!', at(20), { language: 'Russian' }),
  chatUser(5, 'ليلى', 'مرحبا، كيف حالك؟', at(400), { language: 'Arabic' }),
  chatUser(6, 'emma', null, null),
];

export const mockGroups: GroupSummary[] = [
  {
    id: 1,
    name: 'Team Parley',
    room_name: 'team-parley',
    image: null,
    last_message: 'Release is out 🎉',
    last_message_time: at(0, 12, 0),
    user_ids: [2, 3],
    members: [
      { ...mockChatUsers[0], id: 2, username: 'bo' } as UserSummary,
      { ...mockChatUsers[1], id: 3, username: 'carmen' } as UserSummary,
    ],
  },
  {
    id: 2,
    name: 'Book Club',
    room_name: 'book-club',
    image: null,
    last_message: null,
    last_message_time: null,
    user_ids: [],
    members: [],
  },
];

let messageIds = 100_000;

/** A stored message as the server sends it. */
export function serverMessage(
  partial: Partial<ChatMessage> & Pick<ChatMessage, 'room_name' | 'sender_id' | 'message'>,
): ChatMessage {
  messageIds += 1;
  return {
    id: messageIds,
    client_id: null,
    sender_username: partial.sender_id === mockUser.id ? mockUser.username : 'bo',
    sender_profile_image: null,
    original_message: partial.message,
    original_language: null,
    file_type: 'text',
    file_url: null,
    file_name: null,
    audio_url: null,
    transcript: null,
    timestamp: STORY_NOW.toISOString(),
    ...partial,
  };
}

const lines = [
  'Hi! How are you?',
  'Fine, thanks. And you?',
  'Did you see the new release?',
  'Yes, the translations are much better now.',
  'Let us meet tomorrow at the library, around ten, if that works for you. I will bring the notes from last week so we can go through them together.',
  'Sounds good 👍',
];

/** `count` messages between ana (1) and bo (2), oldest first, one a minute up to STORY_NOW. */
export function conversation(count: number, firstId = 1): MessageBubbleMessage[] {
  const end = STORY_NOW.getTime();
  return Array.from({ length: count }, (_, i) => {
    const sent = i % 3 === 1;
    return {
      id: firstId + i,
      client_id: null,
      sender_id: sent ? 1 : 2,
      sender_username: sent ? 'ana' : 'bo',
      message: `${lines[i % lines.length]} (#${firstId + i})`,
      timestamp: new Date(end - (count - i) * 60_000).toISOString(),
      type: sent ? ('sent' as const) : ('received' as const),
      status: 'sent' as const,
    };
  });
}

function storedConversation(room: string, count: number): ChatMessage[] {
  return conversation(count).map((m) =>
    serverMessage({
      room_name: room,
      sender_id: m.sender_id,
      sender_username: m.sender_username,
      message: m.message,
      timestamp: m.timestamp,
    }),
  );
}

/** 45 users; pages of 20 that overlap the previous page by 2 (the list must dedupe by id). */
export const directoryUsers: UserSummary[] = Array.from({ length: 45 }, (_, i) => ({
  id: 100 + i,
  username: `user${String(i + 1).padStart(2, '0')}`,
  profile_image: null,
  first_name: null,
  last_name: null,
  followers_count: i,
}));

const PAGE = 20;

/** GET /meta/capabilities: English pairs both ways with Spanish, French and Russian; no Tongan. */
export const mockCapabilities: Capabilities = {
  translation: {
    engine: 'apertium',
    pairs: [
      { from: 'en', to: 'es' },
      { from: 'es', to: 'en' },
      { from: 'en', to: 'fr' },
      { from: 'fr', to: 'en' },
      { from: 'en', to: 'ru' },
      { from: 'ru', to: 'en' },
      { from: 'es', to: 'ru', via: ['en'] },
      { from: 'ru', to: 'es', via: ['en'] },
    ],
  },
  detection: { engine: 'eld', languages: ['en', 'es', 'fr', 'ru', 'ar'] },
  transcription: { engine: 'pocketsphinx', languages: ['en'] },
  synthesis: { engine: 'espeak-ng', languages: ['en', 'es', 'fr', 'ru'] },
};

/** Words the mock corrections engine flags, with its suggestions (best first). */
export const MOCK_MISSPELLINGS: Record<string, string[]> = {
  amgo: ['amigo', 'amago'],
  mañna: ['mañana'],
  teh: ['the'],
  recieve: ['receive'],
};

/** POST /corrections/check/ over MOCK_MISSPELLINGS, offsets in UTF-16 code units. */
export function checkWithMockEngine(text: string, language: string): CorrectionCheckResponse {
  const corrections = [...text.matchAll(/\p{L}+/gu)].flatMap((match) => {
    const replacements = MOCK_MISSPELLINGS[match[0]];
    return replacements
      ? [
          {
            offset: match.index,
            length: match[0].length,
            word: match[0],
            message: 'Possible spelling mistake found.',
            replacements,
          },
        ]
      : [];
  });
  return { language, supported: true, corrections };
}

export const chatHandlers = {
  capabilities: http.get('/meta/capabilities', () => HttpResponse.json(mockCapabilities)),
  corrections: http.post('/corrections/check/', async ({ request }) => {
    const body = (await request.json()) as { text: string; language: string };
    return HttpResponse.json(checkWithMockEngine(body.text, body.language));
  }),
  autoCorrect: http.patch('/accounts/update-auto-correct/', async ({ request }) => {
    const body = (await request.json()) as { auto_correct: boolean };
    return HttpResponse.json({ ...mockUser, auto_correct: body.auto_correct });
  }),
  // Message search finds nothing unless a story says otherwise (messageSearchAnswers).
  messageSearch: http.get('/chatmessage/search/', () =>
    HttpResponse.json({ results: [], next_cursor: null }),
  ),
  chats: http.get('/chatmessage/chats/', () => HttpResponse.json(mockChatUsers)),
  groups: http.get('/chatmessage/user/group/', () => HttpResponse.json(mockGroups)),
  history: http.get('/chatmessage/history/', () =>
    HttpResponse.json({ results: [], has_more: false } satisfies ChatHistoryPage),
  ),
  users: http.get('/accounts/users/', ({ request }) => {
    const url = new URL(request.url);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') ?? '1');
    const matching = directoryUsers.filter((u) => u.username.includes(search));
    const start = Math.max(0, (page - 1) * PAGE - 2);
    const results = matching.slice(start, page * PAGE);
    const more = page * PAGE < matching.length;
    const next = more
      ? `/accounts/users/?page=${page + 1}${search ? `&search=${encodeURIComponent(search)}` : ''}`
      : null;
    return HttpResponse.json({ results, next, count: matching.length });
  }),
};

export const chatsFail = http.get('/chatmessage/chats/', () =>
  HttpResponse.json({ detail: 'boom' }, { status: 500 }),
);
export const groupsFail = http.get('/chatmessage/user/group/', () =>
  HttpResponse.json({ detail: 'boom' }, { status: 500 }),
);

export interface MockSocketOptions {
  /** Messages answered to join_room, per canonical room. */
  history?: Record<string, ChatMessage[]>;
  /** Milliseconds before a sent chat_message is echoed back. */
  echoDelayMs?: number;
  /** Frames sent to the client after it joins a room (e.g. a typing indicator). */
  afterJoin?: (room: string) => ServerFrame[];
  /** Close every connection at once with this code (e.g. 1008). */
  rejectWith?: number;
  /** Answer the first send of each client_id with an error frame instead of the echo. */
  failFirstSend?: boolean;
  /** has_more of the chat_history answer. */
  hasMore?: boolean;
  /** Frames sent shortly after the socket opens (e.g. a live connection_request). */
  onOpen?: ServerFrame[];
  /** The person called answers every call offer (with `fakePeerConnection` the call then connects). */
  answerCalls?: boolean;
}

/** Frames the mock server received, for assertions. */
export const receivedFrames: ClientFrame[] = [];
/** Sizes of the binary frames (live talk chunks) the mock socket received, in order. */
export const receivedBinary: number[] = [];

/** The chat socket of docs/socket-protocol.md, mocked with MSW's WebSocket API. */
export function mockChatSocket(options: MockSocketOptions = {}) {
  const link = ws.link(/\/ws\/chat\/user_\d+\//);
  const failedOnce = new Set<string>();
  return link.addEventListener('connection', ({ client }) => {
    if (options.rejectWith) {
      client.close(options.rejectWith, 'unauthenticated');
      return;
    }
    const send = (frame: ServerFrame) => client.send(JSON.stringify(frame));
    for (const frame of options.onOpen ?? []) setTimeout(() => send(frame), 300);
    client.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') {
        const data = event.data as ArrayBuffer | Blob;
        receivedBinary.push(data instanceof Blob ? data.size : data.byteLength);
        return;
      }
      const frame = JSON.parse(event.data) as ClientFrame;
      receivedFrames.push(frame);
      if (frame.type === 'ping') send({ type: 'pong' });
      if (options.answerCalls && frame.type === 'call_signal' && frame.signal.type === 'offer') {
        setTimeout(
          () =>
            send({
              type: 'call_signal',
              from: Number(frame.to),
              to: Number(frame.from),
              call_type: frame.call_type,
              signal: { type: 'answer', sdp: 'fake-answer' },
            }),
          100,
        );
      }
      if (frame.type === 'join_room') {
        const room = frame.room_name.replace(/^private_(\d+)_(\d+)$/, 'private-$1-$2');
        send({
          type: 'chat_history',
          message: options.history?.[room] ?? [],
          room_name: frame.room_name,
          has_more: options.hasMore ?? false,
        });
        for (const next of options.afterJoin?.(room) ?? []) {
          setTimeout(() => send(next), 150);
        }
      }
      if (frame.type === 'chat_message') {
        const room = frame.room_name ?? '';
        const clientId = frame.client_id ?? '';
        if (options.failFirstSend && !failedOnce.has(clientId)) {
          failedOnce.add(clientId);
          send({
            type: 'error',
            code: 'internal_error',
            detail: 'Could not store the message.',
            client_id: clientId,
          });
          return;
        }
        setTimeout(
          () =>
            send({
              type: 'chat_message',
              ...serverMessage({
                room_name: room,
                client_id: frame.client_id ?? null,
                sender_id: Number(frame.sender_id),
                sender_username: mockUser.username,
                message: frame.message ?? '',
                timestamp: new Date().toISOString(),
                ...(frame.file_url || frame.audio_url
                  ? {
                      file_type: frame.audio_url ? 'audio' : (frame.file_type as ChatFileType),
                      file_url: frame.audio_url ? null : (frame.file_url ?? null),
                      file_name: frame.file_name ?? null,
                      audio_url: frame.audio_url ?? null,
                      transcript: frame.transcript ?? null,
                    }
                  : {}),
              }),
            }),
          options.echoDelayMs ?? 400,
        );
      }
    });
  });
}

export { storedConversation };

/** GET /chatmessage/history/ over `all` (oldest first): 50 a page before `before`. */
export function historyPages(all: readonly ChatMessage[]) {
  return http.get('/chatmessage/history/', ({ request }) => {
    const before = Number(new URL(request.url).searchParams.get('before'));
    const end = all.findIndex((m) => m.id === before);
    const stop = end < 0 ? all.length : end;
    const start = Math.max(0, stop - 50);
    return HttpResponse.json({
      results: all.slice(start, stop),
      has_more: start > 0,
    } satisfies ChatHistoryPage);
  });
}
