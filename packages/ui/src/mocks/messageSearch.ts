import type { ChatMessage, MessageSearchMatch, MessageSearchResult } from '@parley/chat-sdk';

/** The `[start, end)` ranges of each listed word in `text` (every occurrence, case-insensitive). */
export function rangesOf(text: string, words: readonly string[]): MessageSearchMatch['ranges'] {
  const ranges: { start: number; end: number }[] = [];
  const lower = text.toLowerCase();
  for (const word of words) {
    let at = lower.indexOf(word.toLowerCase());
    while (at >= 0) {
      ranges.push({ start: at, end: at + word.length });
      at = lower.indexOf(word.toLowerCase(), at + word.length);
    }
  }
  return ranges.sort((a, b) => a.start - b.start);
}

let nextId = 500;

/** A search hit as GET /chatmessage/search/ answers it, for stories. */
export function searchHit(options: {
  text: string;
  original?: string;
  words: readonly string[];
  inOriginal?: boolean;
  room?: Partial<MessageSearchResult['room']>;
  sender?: string;
  timestamp?: string;
}): MessageSearchResult {
  nextId += 1;
  const original = options.original ?? options.text;
  const matched = options.inOriginal ? original : options.text;
  const message: ChatMessage = {
    id: nextId,
    client_id: null,
    room_name: options.room?.room_name ?? 'private-1-2',
    sender_id: 2,
    sender_username: options.sender ?? 'bo',
    sender_profile_image: null,
    message: options.text,
    original_message: original,
    original_language: 'en',
    translated: original !== options.text,
    file_type: 'text',
    file_url: null,
    file_name: null,
    audio_url: null,
    transcript: null,
    timestamp: options.timestamp ?? new Date(2026, 2, 10, 9, 41).toISOString(),
  };
  return {
    message,
    room: {
      room_name: message.room_name,
      kind: 'private',
      name: 'bo',
      image: null,
      ...options.room,
    },
    match: {
      text: matched,
      ranges: rangesOf(matched, options.words),
      in_original: Boolean(options.inOriginal),
    },
  };
}

/** A Spanish reader's hits found outside the text: a voice note's transcript, a file's name. */
export const attachmentHits: MessageSearchResult[] = (() => {
  const voice = searchHit({ text: '', words: [] });
  const transcript = 'El tren sale al mediodía desde la estación';
  voice.message = { ...voice.message, file_type: 'audio', transcript };
  voice.match = {
    text: transcript,
    ranges: rangesOf(transcript, ['estación']),
    in_original: false,
    field: 'transcript',
  };
  const file = searchHit({
    text: '',
    words: [],
    timestamp: new Date(2026, 2, 8, 11, 0).toISOString(),
  });
  const name = 'Presupuesto_estación-2026.pdf';
  file.message = { ...file.message, file_type: 'application', file_name: name };
  file.match = {
    text: name,
    ranges: rangesOf(name, ['estación']),
    in_original: false,
    field: 'file_name',
  };
  return [voice, file];
})();

/** A Spanish reader's hits for 'perro': translated English messages and a group's original. */
export const perroHits: MessageSearchResult[] = [
  searchHit({
    text: 'Tengo un perro que se llama Toby.',
    original: 'I have a dog called Toby.',
    words: ['perro'],
    timestamp: new Date(2026, 2, 10, 14, 5).toISOString(),
  }),
  searchHit({
    text: '¿Sacas al perro esta tarde?',
    original: 'Are you walking the dog this afternoon?',
    words: ['perro'],
    room: { room_name: 'paseos', kind: 'group', name: 'Paseos del domingo' },
    sender: 'carla',
    timestamp: new Date(2026, 2, 9, 18, 30).toISOString(),
  }),
  searchHit({
    text: 'Mi perro duerme todo el día',
    original: 'My perro sleeps all day',
    words: ['perro'],
    inOriginal: true,
    room: { room_name: 'private-1-7', name: 'dana' },
    sender: 'dana',
    timestamp: new Date(2026, 1, 18, 8, 0).toISOString(),
  }),
];
