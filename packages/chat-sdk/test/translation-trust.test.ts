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
