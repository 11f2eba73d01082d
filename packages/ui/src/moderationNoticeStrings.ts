// Kept apart from strings.ts and moderationStrings.ts: every signed-in page shows these, while the
// review queue's words load with its route only.
import { localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of the notices moderators send a person (issue 29): a warning, a report acted on. */
export const MODERATION_NOTICE_SOURCE = {
  warningTitle: 'A warning from the moderators',
  understood: 'I understand',
  reportTitle: 'Your report',
  dismiss: 'Dismiss',
} as const;

export const MODERATION_NOTICE_STRINGS = localize(
  'ui.moderationNotice',
  MODERATION_NOTICE_SOURCE,
  uiCatalog(),
);
