/**
 * Translation you can trust (issue 26; docs/protocol.md and docs/socket-protocol.md, "Translation
 * you can trust"): Parley extensions. A reader reports a bad machine translation. A spec-only
 * backend has none of these routes; clients then offer no report.
 */

/** `:message_id` is the stored message's id. */
export const TRANSLATION_TRUST_ROUTES = {
  report: '/chatmessage/:message_id/translation-report/',
} as const;

export const TRANSLATION_TRUST_PATHS = {
  /** POST (no body): the signed-in reader reports the translation of the message they got. */
  report: (messageId: number) => `/chatmessage/${messageId}/translation-report/`,
} as const;

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
} as const;
