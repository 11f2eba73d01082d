import type {
  TranslationSuggestion,
  TranslationSuggestionFrame,
} from '../protocol/translationTrust';

/**
 * Reader of `translation_suggestion` (issue 26), spread into SERVER_FRAME_READERS: a frame without
 * the message's id, its room or a language is refused; a suggestion that is not well formed reads
 * as none rather than as text the bubble would show.
 */
type Json = Record<string, unknown>;

const MAX_SUGGESTION_CHARS = 10_000;

export function readTranslationSuggestion(value: unknown): TranslationSuggestion | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Json;
  if (
    typeof raw.language !== 'string' ||
    typeof raw.text !== 'string' ||
    raw.text.trim() === '' ||
    raw.text.length > MAX_SUGGESTION_CHARS ||
    typeof raw.author_id !== 'number' ||
    typeof raw.author_username !== 'string'
  ) {
    return null;
  }
  return {
    language: raw.language,
    text: raw.text,
    author_id: raw.author_id,
    author_username: raw.author_username,
    updated_at: typeof raw.updated_at === 'string' ? raw.updated_at : new Date(0).toISOString(),
  };
}

export const TRANSLATION_TRUST_READERS = {
  translation_suggestion(raw: Json): TranslationSuggestionFrame | null {
    const id = raw.message_id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
    if (typeof raw.room_name !== 'string' || typeof raw.language !== 'string') return null;
    return {
      type: 'translation_suggestion',
      message_id: id,
      room_name: raw.room_name,
      language: raw.language,
      suggestion: readTranslationSuggestion(raw.suggestion),
    };
  },
};
