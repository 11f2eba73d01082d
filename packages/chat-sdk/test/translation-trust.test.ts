import { describe, expect, it } from 'vitest';
import { readMessage } from '../src/chat/incoming';

const base = {
  id: 7,
  sender_id: 1,
  sender_username: 'ana',
  room_name: 'private-1-2',
  message: 'Quedamos en el bar tapas',
  original_message: 'Meet at the tapas bar',
  original_language: 'en',
  translated: true,
  timestamp: '2026-11-27T00:00:00.000Z',
};

describe('translation you can trust: reading translated_by and untranslated_words (issue 26)', () => {
  it('keeps the engine and the words it did not know', () => {
    const message = readMessage(
      { ...base, translated_by: 'Apertium', untranslated_words: ['tapas'] },
      null,
    );
    expect(message).toMatchObject({ translated_by: 'Apertium', untranslated_words: ['tapas'] });
  });

  it('reads a spec-only message as before: neither field', () => {
    const message = readMessage(base, null);
    expect(message?.translated_by).toBeUndefined();
    expect(message?.untranslated_words).toBeUndefined();
  });

  it('drops malformed and hostile values instead of failing', () => {
    const message = readMessage(
      {
        ...base,
        translated_by: 'x'.repeat(500),
        untranslated_words: ['ok', 3, '', null, 'y'.repeat(500), ...Array(80).fill('w')],
      },
      null,
    );
    expect(message?.translated_by).toBeUndefined();
    expect(message?.untranslated_words?.[0]).toBe('ok');
    expect(message?.untranslated_words).toHaveLength(50);
    expect(readMessage({ ...base, untranslated_words: 'tapas' }, null)?.untranslated_words).toBe(
      undefined,
    );
  });
});

describe('translation_suggestion: reading and applying (issue 26)', () => {
  it('reads the frame, refuses one without ids, and reads a malformed suggestion as none', async () => {
    const { SERVER_FRAME_READERS } = await import('../src/socket/server-frame-readers');
    const suggestion = {
      language: 'es',
      text: 'Mejor',
      author_id: 3,
      author_username: 'bia',
      updated_at: '2026-11-27T00:30:00.000Z',
    };
    const read = SERVER_FRAME_READERS.translation_suggestion;
    expect(read({ message_id: 7, room_name: 'g', language: 'es', suggestion })).toEqual({
      type: 'translation_suggestion',
      message_id: 7,
      room_name: 'g',
      language: 'es',
      suggestion,
    });
    expect(read({ room_name: 'g', language: 'es', suggestion })).toBeNull();
    expect(
      read({ message_id: 7, room_name: 'g', language: 'es', suggestion: { text: 1 } }),
    ).toMatchObject({ suggestion: null });
  });

  it('puts a suggestion on the message and takes it off again; history carries it', async () => {
    const { applyTranslationSuggestion } = await import('../src/chat/translationTrust');
    const message = readMessage(
      {
        ...base,
        translation_suggestion: {
          language: 'es',
          text: 'Nos vemos en el bar de tapas',
          author_id: 3,
          author_username: 'bia',
          updated_at: '2026-11-27T00:30:00.000Z',
        },
      },
      null,
    );
    expect(message?.translation_suggestion?.author_username).toBe('bia');
    const list = [
      {
        ...(message as NonNullable<typeof message>),
        status: 'sent' as const,
        type: 'received' as const,
      },
    ];
    const frame = {
      type: 'translation_suggestion' as const,
      message_id: 7,
      room_name: 'private-1-2',
      language: 'es',
      suggestion: null,
    };
    expect(applyTranslationSuggestion(list, frame)).toBe(true);
    expect(list[0]?.translation_suggestion).toBeUndefined();
    expect(applyTranslationSuggestion(list, { ...frame, message_id: 99 })).toBe(false);
  });
});
