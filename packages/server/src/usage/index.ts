export {
  FREE_DAILY_TRANSLATED_MESSAGES,
  hasUnlimitedPlan,
  PLAN_ACTIONS,
  type PlanHolder,
  subscriptionRequired,
  translationLimitWarning,
  USAGE_KINDS,
  type UsageKind,
  VOICE_LIMIT_DETAIL,
} from './planLimits.js';
export { INVALID_TIMEZONE, timezoneRoutes } from './timezoneRoutes.js';
export {
  type Allowance,
  TranslationAllowance,
  type VoiceAllowance,
} from './translationAllowance.js';
export { type Consumption, UsageCounters, type UsageUser } from './usageCounters.js';
export { type Clock, isValidTimezone, systemClock, userDay } from './userDay.js';
