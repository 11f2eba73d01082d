import type { TranslationSuggestionFrame } from '../protocol/translationTrust';
import { readTranslationSuggestion } from '../socket/translation-trust-readers';
import type { ReceivedMessage, RoomMessage } from './chat-state';

/**
 * Issue 26, translation you can trust (docs/socket-protocol.md): the optional fields that say
 * who translated a message and which words it left as written. A backend that sends neither
 * leaves the message as before: 'Translated from …' with no engine.
 */

/** Engine names are short ('Apertium', 'Google Translate'): anything longer is not one. */
const MAX_ENGINE_NAME_CHARS = 60;
/** Unknown words of one message the ui marks; a hostile list beyond this is cut. */
const MAX_UNTRANSLATED_WORDS = 50;
const MAX_WORD_CHARS = 100;

/** Copies `translated_by` and `untranslated_words` from a raw message when they are well formed. */
export function readTranslationTrustFields(
  raw: Record<string, unknown>,
  message: ReceivedMessage,
): void {
  const engine = raw.translated_by;
  if (
    typeof engine === 'string' &&
    engine.trim() !== '' &&
    engine.length <= MAX_ENGINE_NAME_CHARS
  ) {
    message.translated_by = engine;
  }
  if (Array.isArray(raw.untranslated_words)) {
    const words = raw.untranslated_words
      .filter(
        (word): word is string =>
          typeof word === 'string' && word.trim() !== '' && word.length <= MAX_WORD_CHARS,
      )
      .slice(0, MAX_UNTRANSLATED_WORDS);
    if (words.length > 0) message.untranslated_words = words;
  }
  const suggestion = readTranslationSuggestion(raw.translation_suggestion);
  if (suggestion) message.translation_suggestion = suggestion;
}

/**
 * A member wrote, edited or took back a better translation (`translation_suggestion`): put on the
 * message (or taken off), so the bubble shows 'Corrected by …'. The server sends it only to
 * readers of its language and to the message's sender. Returns whether a message changed.
 */
export function applyTranslationSuggestion(
  list: RoomMessage[],
  frame: TranslationSuggestionFrame,
): boolean {
  const item = list.find((message) => message.id === frame.message_id);
  if (!item || item.deleted) return false;
  if (frame.suggestion) item.translation_suggestion = frame.suggestion;
  else delete item.translation_suggestion;
  return true;
}
