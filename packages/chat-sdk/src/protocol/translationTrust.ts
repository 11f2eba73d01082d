/**
 * Translation you can trust (issue 26; docs/protocol.md and docs/socket-protocol.md, "Translation
 * you can trust"): Parley extensions. A reader reports a bad machine translation. A spec-only
 * backend has none of these routes; clients then offer no report.
 */

/** `:message_id` is the stored message's id. */
export const TRANSLATION_TRUST_ROUTES = {
  report: '/chatmessage/:message_id/translation-report/',
  suggestion: '/chatmessage/:message_id/translation-suggestion/',
} as const;

export const TRANSLATION_TRUST_PATHS = {
  /** POST (no body): the signed-in reader reports the translation of the message they got. */
  report: (messageId: number) => `/chatmessage/${messageId}/translation-report/`,
  /** POST {text} writes (or edits) my suggestion into my language; DELETE takes it back. */
  suggestion: (messageId: number) => `/chatmessage/${messageId}/translation-suggestion/`,
} as const;

/**
 * A member's better translation of a message into one language (the suggester's own), shown to
 * readers of that language instead of the engine's ('Corrected by {author_username}').
 */
export interface TranslationSuggestion {
  /** ISO code of the language it is written in (the readers it is for). */
  language: string;
  text: string;
  author_id: number;
  author_username: string;
  /** ISO 8601 of the last write. */
  updated_at: string;
}

/** POST /chatmessage/{id}/translation-suggestion/ body. */
export interface TranslationSuggestionRequest {
  text: string;
}

/** 200 for the POST (the suggestion as stored) and the DELETE (`suggestion: null`). */
export interface TranslationSuggestionResponse {
  message_id: number;
  language: string;
  suggestion: TranslationSuggestion | null;
}

/**
 * Server → the room's members who read `language`, and the message's sender (told someone
 * improved how their words read): a suggestion was written, edited (`suggestion`) or taken back
 * (`suggestion: null`).
 */
export interface TranslationSuggestionFrame {
  type: 'translation_suggestion';
  message_id: number;
  room_name: string;
  language: string;
  suggestion: TranslationSuggestion | null;
}

/** 201 for a new report, 200 when this reader had already reported this message. */
export interface TranslationReportResponse {
  message_id: number;
  reported: true;
  /** The reader had reported it before; nothing new was stored. */
  already_reported: boolean;
}

export const TRANSLATION_TRUST_LIMITS = {
  /** Reports one person may file per minute (per person, across their tabs and devices). */
  reportsPerMinute: 10,
  /** Suggestions (writes and removals) one person may make per minute. */
  suggestionsPerMinute: 20,
  /** Characters of a suggestion (a message's own limit is larger; a correction is a message's). */
  maxSuggestionChars: 4_000,
} as const;
