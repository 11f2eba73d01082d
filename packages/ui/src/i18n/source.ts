/**
 * The ui's source catalog, for `pnpm i18n:compile` and its check: each part's namespace and its
 * English source. A new `*Strings.ts` module adds its line here.
 * The English plurals print their count as `{n}`, not `#`: `#` formats it for the locale ('1,234'),
 * and the English words stay exactly as they were before the catalog. Translations may use `#`.
 */
import { ACCOUNT_SOURCE } from '../accountStrings';
import { CALL_SOURCE } from '../callStrings';
import { LANDING_DEMO_SOURCE } from '../landingDemoStrings';
import { LEGAL_SOURCE } from '../legalText';
import { LOCALE_SOURCE } from '../localeStrings';
import { MEDIA_SOURCE } from '../mediaStrings';
import { MESSAGE_ACTION_SOURCE } from '../messageActionStrings';
import { MODERATION_NOTICE_SOURCE } from '../moderationNoticeStrings';
import { MODERATION_SOURCE, SUSPENSION_PERIODS_SOURCE } from '../moderationStrings';
import { NAVIGATION_SOURCE } from '../navigationStrings';
import { OPERATORS_SOURCE } from '../operatorsStrings';
import { UI_SOURCE } from '../strings';
import { SYSTEM_ROW_SOURCE } from '../systemRowStrings';
import { TRANSLATION_TRUST_SOURCE } from '../translationTrustStrings';
import { USER_LIST_SOURCE } from '../userListStrings';

export const CATALOG_SOURCES = {
  ui: UI_SOURCE,
  'ui.account': ACCOUNT_SOURCE,
  'ui.call': CALL_SOURCE,
  'ui.landingDemo': LANDING_DEMO_SOURCE,
  'ui.legal': LEGAL_SOURCE,
  'ui.media': MEDIA_SOURCE,
  'ui.messageAction': MESSAGE_ACTION_SOURCE,
  'ui.moderation': MODERATION_SOURCE,
  'ui.moderationNotice': MODERATION_NOTICE_SOURCE,
  'ui.navigation': NAVIGATION_SOURCE,
  'ui.operators': OPERATORS_SOURCE,
  'ui.suspensionPeriods': SUSPENSION_PERIODS_SOURCE,
  'ui.systemRow': SYSTEM_ROW_SOURCE,
  'ui.translationTrust': TRANSLATION_TRUST_SOURCE,
  'ui.userList': USER_LIST_SOURCE,
  'ui.locale': LOCALE_SOURCE,
};
