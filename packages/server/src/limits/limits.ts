import { SOCKET_LIMITS } from '@parley/chat-sdk';
import type { LimitStore } from './limitStore.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const MIB = 1024 * 1024;

/**
 * Every per-person and per-address budget, with its production default (documented in the
 * server README, "Limits"). Tests may raise them through `buildServer({ limits })`; nothing turns
 * a limit off.
 */
export interface LimitSettings {
  /** Open chat sockets per person; opening one more closes their oldest (4008). */
  socketsPerPerson: number;
  /** Socket frames per person, all their sockets and instances together: sustained rate… */
  framesPerSecond: number;
  /** …and burst (the window is burstFrames / framesPerSecond seconds). */
  burstFrames: number;
  /** New posts per person per 10 minutes. */
  postsPer10Minutes: number;
  /** Reports filed per person per day (and one open report per reporter and reported person). */
  reportsPerDay: number;
  /** Connection requests from one person to the same person per day (request/cancel cycles). */
  connectionRequestsPerPairPerDay: number;
  /** Connection requests one person sends per day, to anyone. */
  connectionRequestsPerDay: number;
  /** Accounts created from one address per hour. */
  signUpsPerAddressPerHour: number;
  /** Failed sign-ins from one address per minute… */
  failedSignInsPerAddressPerMinute: number;
  /** …and per hour. */
  failedSignInsPerAddressPerHour: number;
  /** Sign-in attempts at one account (any spelling of its login, any address) per minute. */
  signInsPerAccountPerMinute: number;
  /** Bytes of uploads one person may keep stored (STORAGE_QUOTA_MB). */
  storageQuotaBytes: number;
  /** Message searches per person per minute (each keystroke of a search field may be one). */
  messageSearchesPerMinute: number;
  /** Issue 29: how long an account counts as new (NEW_ACCOUNT_HOURS); its lower budgets below. */
  newAccountHours: number;
  /** Connection requests a new account sends per day (NEW_ACCOUNT_CONNECTION_REQUESTS_PER_DAY). */
  newAccountConnectionRequestsPerDay: number;
  /** Messages a new account sends to people who are not its connections, per day
   * (NEW_ACCOUNT_STRANGER_MESSAGES_PER_DAY): message requests' messages. */
  newAccountStrangerMessagesPerDay: number;
}

export const DEFAULT_LIMITS: LimitSettings = {
  socketsPerPerson: 10,
  framesPerSecond: SOCKET_LIMITS.framesPerSecond,
  burstFrames: SOCKET_LIMITS.burstFrames,
  postsPer10Minutes: 10,
  reportsPerDay: 20,
  connectionRequestsPerPairPerDay: 3,
  connectionRequestsPerDay: 100,
  signUpsPerAddressPerHour: 20,
  failedSignInsPerAddressPerMinute: 20,
  failedSignInsPerAddressPerHour: 100,
  signInsPerAccountPerMinute: 10,
  storageQuotaBytes: 1024 * MIB,
  messageSearchesPerMinute: 60,
  newAccountHours: 24,
  newAccountConnectionRequestsPerDay: 10,
  newAccountStrangerMessagesPerDay: 20,
};

/** One counted budget: at most `max` per `windowMs`, counted per subject. */
export interface LimitRule {
  kind: string;
  max: number;
  windowMs: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** How many of the requested units were granted (all or some of them, or none). */
  granted: number;
  /** When refused: how long until the window ends (rounded up to whole seconds by callers). */
  retryAfterMs: number;
}

/** The rules, built from the settings, under the names the routes use. */
export function limitRules(settings: LimitSettings) {
  return {
    frames: {
      kind: 'frames',
      max: settings.burstFrames,
      windowMs: (settings.burstFrames / settings.framesPerSecond) * 1000,
    },
    posts: { kind: 'posts', max: settings.postsPer10Minutes, windowMs: 10 * MINUTE_MS },
    reports: { kind: 'reports', max: settings.reportsPerDay, windowMs: DAY_MS },
    connectionRequestsPerPair: {
      kind: 'connection-requests-pair',
      max: settings.connectionRequestsPerPairPerDay,
      windowMs: DAY_MS,
    },
    connectionRequests: {
      kind: 'connection-requests',
      max: settings.connectionRequestsPerDay,
      windowMs: DAY_MS,
    },
    signUpsPerAddress: {
      kind: 'sign-ups-address',
      max: settings.signUpsPerAddressPerHour,
      windowMs: HOUR_MS,
    },
    failedSignInsPerAddressMinute: {
      kind: 'failed-sign-ins-address-minute',
      max: settings.failedSignInsPerAddressPerMinute,
      windowMs: MINUTE_MS,
    },
    failedSignInsPerAddressHour: {
      kind: 'failed-sign-ins-address-hour',
      max: settings.failedSignInsPerAddressPerHour,
      windowMs: HOUR_MS,
    },
    signInsPerAccount: {
      kind: 'sign-ins-account',
      max: settings.signInsPerAccountPerMinute,
      windowMs: MINUTE_MS,
    },
    messageSearches: {
      kind: 'message-searches',
      max: settings.messageSearchesPerMinute,
      windowMs: MINUTE_MS,
    },
    newAccountConnectionRequests: {
      kind: 'new-account-connection-requests',
      max: settings.newAccountConnectionRequestsPerDay,
      windowMs: DAY_MS,
    },
    newAccountStrangerMessages: {
      kind: 'new-account-stranger-messages',
      max: settings.newAccountStrangerMessagesPerDay,
      windowMs: DAY_MS,
    },
  } satisfies Record<string, LimitRule>;
}

export type LimitRules = ReturnType<typeof limitRules>;

/**
 * The one place budgets are counted: each rule's counter per subject (a person's id, an address,
 * an account) in the store, in this process alone or in the database every instance shares.
 */
export class Limits {
  readonly rules: LimitRules;

  constructor(
    readonly store: LimitStore,
    readonly settings: LimitSettings,
  ) {
    this.rules = limitRules(settings);
  }

  /** Counts `amount` units against the rule; granted as far as the window still has room. */
  async take(rule: LimitRule, subject: string | number, amount = 1): Promise<LimitVerdict> {
    const state = await this.store.add(rule.kind, String(subject), rule.windowMs, amount);
    return verdictOf(rule, state, amount);
  }

  /** Whether the rule's window has room for one more, without counting. */
  async check(rule: LimitRule, subject: string | number): Promise<LimitVerdict> {
    const state = await this.store.read(rule.kind, String(subject));
    const allowed = state.count < rule.max;
    return {
      allowed,
      granted: allowed ? 1 : 0,
      retryAfterMs: allowed ? 0 : Math.max(0, state.resetAt - Date.now()),
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export function verdictOf(
  rule: LimitRule,
  state: { count: number; resetAt: number },
  amount: number,
): LimitVerdict {
  const before = state.count - amount;
  const granted = Math.max(0, Math.min(amount, rule.max - before));
  return {
    allowed: granted >= amount,
    granted,
    // The database's clock decides resetAt; a skew only shifts the hint, never the count.
    retryAfterMs: granted >= amount ? 0 : Math.max(1000, state.resetAt - Date.now()),
  };
}

/** Seconds for a Retry-After header and the message: at least one. */
export function retryAfterSeconds(verdict: LimitVerdict): number {
  return Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
}
