/** Where the sdk reports what it does not throw: failed silent saves, refresh failures, warnings. */
export type Logger = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;
