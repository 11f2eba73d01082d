/**
 * A long conversation for the long-conversation bench (bench/longConversation) and the
 * MessageList story of 10,000 messages: the mix a real one holds. Not part of the package build.
 */
import type { ChatMessage } from '@parley/chat-sdk';
import type { MessageBubbleMessage } from '../components/MessageBubble/MessageBubble';
import { SAMPLE_IMAGE_URL } from './media';

/** The reader (ana, the mock session's user) and the person she talks with. */
export const ME = { id: 1, name: 'ana' };
export const PEER = { id: 2, name: 'bo' };

const SHORT = ['Hi!', 'ok', 'Sounds good 👍', 'On my way', 'Thanks!', 'ha ha', 'Yes'];
const MEDIUM = [
  'Did you see the new release? The translations are much better now.',
  'Let us meet tomorrow at the library, around ten, if that works for you.',
  'I will bring the notes from last week so we can go through them together.',
];
// A very long message: several paragraphs that wrap over many lines.
const LONG = Array.from(
  { length: 12 },
  (_, i) =>
    `Paragraph ${i + 1}: the meeting went on for much longer than planned, and everyone had an opinion about the budget, the timetable and who should write the summary for the people who could not come.`,
).join('\n\n');
// Received in Spanish, shown to the reader in English with 'View original'.
const TRANSLATED = [
  { original: '¿Quedamos mañana por la tarde?', english: 'Shall we meet tomorrow afternoon?' },
  {
    original: 'He leído el libro que me recomendaste y me ha encantado, sobre todo el final.',
    english: 'I read the book you recommended and I loved it, especially the ending.',
  },
];

/**
 * `count` stored messages between ana and bo, oldest first, spread over `days` days up to `end`:
 * both directions, short, medium and very long texts, photos and translated messages.
 */
export function longConversation(
  room: string,
  count: number,
  end: Date,
  days = 14,
  firstId = 1,
): ChatMessage[] {
  const step = (days * 86_400_000) / count;
  return Array.from({ length: count }, (_, i) =>
    benchMessage(room, firstId + i, new Date(end.getTime() - (count - i) * step), i),
  );
}

/**
 * The `i`th message of the mix; a third are the reader's own unless `sent` says who wrote it (the
 * messages that arrive live are all bo's).
 */
export function benchMessage(
  room: string,
  id: number,
  at: Date,
  i: number,
  sent = i % 3 === 1,
): ChatMessage {
  const from = sent ? ME : PEER;
  const base: ChatMessage = {
    id,
    client_id: null,
    room_name: room,
    sender_id: from.id,
    sender_username: from.name,
    sender_profile_image: null,
    message: '',
    original_message: '',
    original_language: 'en',
    file_type: 'text',
    file_url: null,
    file_name: null,
    audio_url: null,
    transcript: null,
    timestamp: at.toISOString(),
  };
  const text = (message: string) => ({ ...base, message, original_message: message });
  if (i % 97 === 0) return text(`${LONG} (#${id})`);
  if (i % 23 === 0) {
    return {
      ...text(`A photo (#${id})`),
      file_type: 'image',
      file_url: SAMPLE_IMAGE_URL,
      file_name: `photo-${id}.svg`,
    };
  }
  if (!sent && i % 5 === 0) {
    const pick = TRANSLATED[i % TRANSLATED.length] ?? TRANSLATED[0];
    return {
      ...base,
      message: `${pick?.english} (#${id})`,
      original_message: `${pick?.original} (#${id})`,
      original_language: 'es',
      translated: true,
    };
  }
  const pool = i % 4 === 0 ? MEDIUM : SHORT;
  return text(`${pool[i % pool.length]} (#${id})`);
}

/** The same conversation as the list shows it to ana (her messages 'sent', bo's 'received'). */
export function longConversationBubbles(count: number, end: Date): MessageBubbleMessage[] {
  return longConversation('private-1-2', count, end).map((message) => ({
    ...message,
    type: message.sender_id === ME.id ? 'sent' : 'received',
    status: 'sent',
  }));
}
