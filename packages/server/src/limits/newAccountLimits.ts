import { readLimitSettings } from './limitSettingsEnv.js';
import type { LimitSettings } from './limits.js';

const HOUR_MS = 3_600_000;

/**
 * Safety limits where strangers meet (issue 29, README "Limits"): an account younger than
 * `newAccountHours` has lower budgets for connection requests and for messages to people who are
 * not its connections, since a fresh account is what a spammer or harasser starts with. The
 * budgets themselves are counted in the shared limit store like every other (per person, across
 * instances); this only says when they apply.
 */
export function isNewAccount(
  createdAt: Date,
  settings: Pick<LimitSettings, 'newAccountHours'>,
  now = Date.now(),
): boolean {
  return now - createdAt.getTime() < settings.newAccountHours * HOUR_MS;
}

/** The environment variables of the new-account budgets (README, configuration and "Limits"). */
const NEW_ACCOUNT_ENV = {
  NEW_ACCOUNT_HOURS: 'newAccountHours',
  NEW_ACCOUNT_CONNECTION_REQUESTS_PER_DAY: 'newAccountConnectionRequestsPerDay',
  NEW_ACCOUNT_STRANGER_MESSAGES_PER_DAY: 'newAccountStrangerMessagesPerDay',
} as const satisfies Record<string, keyof LimitSettings>;

/** The new-account settings the environment sets (unset ones keep their defaults). */
export function readNewAccountLimits(
  env: Readonly<Record<string, string | undefined>>,
): Partial<LimitSettings> {
  return readLimitSettings(NEW_ACCOUNT_ENV, env);
}
