import {
  FREE_VOICE_TRANSLATIONS_PER_DAY,
  type SubscriptionRequiredFrame,
  type TierLimitWarningFrame,
} from '@parley/chat-sdk';
import type { UserRow } from '../db/schema.js';

/** Spec §9: the Free plan translates this many cross-language messages per day. */
export const FREE_DAILY_TRANSLATED_MESSAGES = 5;

/** Why a Free sender's voice note was refused (upload answer and `subscription_required`). */
export const VOICE_LIMIT_DETAIL =
  `The Free plan translates ${FREE_VOICE_TRANSLATIONS_PER_DAY} voice message a day. ` +
  'Upgrade for Full Access.';

export const USAGE_KINDS = {
  translatedMessage: 'translated_message',
  /** A voice note sent into a room with a reader of another language (spec §9: 1 a day). */
  voiceTranslation: 'voice_translation',
} as const;
export type UsageKind = (typeof USAGE_KINDS)[keyof typeof USAGE_KINDS];

/** The paid plans of spec §9 and where the app sells them. */
export const PLAN_ACTIONS = [
  { label: 'Personal — $9.99 per month', url: '/subscribe/personal' },
  {
    label: 'Organization — $5 per user per month (minimum 10 users)',
    url: '/subscribe/organization',
  },
  { label: 'Lifetime Founder — $99 one-time', url: '/subscribe/lifetime' },
] as const;

export type PlanHolder = Pick<UserRow, 'subscriptionActive' | 'isLifetime' | 'isOrgAdmin'>;

/**
 * Subscribers, lifetime founders and organisation accounts have no limits. Members of an active
 * organisation hold `subscription_active` (kept in step by src/plugins/app/plan-flags.ts), so they are
 * unlimited from the moment they join until they are removed or the plan ends.
 */
export function hasUnlimitedPlan(user: PlanHolder): boolean {
  return user.subscriptionActive || user.isLifetime || user.isOrgAdmin;
}

/** Sent to a Free sender whose message went out untranslated because of the daily limit. */
export function translationLimitWarning(): TierLimitWarningFrame {
  return {
    type: 'tier_limit_warning',
    title: 'Daily translation limit reached',
    message:
      `The Free plan translates ${FREE_DAILY_TRANSLATED_MESSAGES} messages a day between ` +
      'different languages. Your message was delivered untranslated; chats in the same language ' +
      'stay free. Upgrade for unlimited translation.',
    actions: PLAN_ACTIONS.map((action) => ({ ...action })),
  };
}

/** Sent where a feature needs a paid plan (the app opens its upgrade modal). */
export function subscriptionRequired(detail: string): SubscriptionRequiredFrame {
  return { type: 'subscription_required', detail };
}
