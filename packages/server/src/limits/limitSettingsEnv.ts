import type { LimitSettings } from './limits.js';

/** Environment variable → the limit setting it sets. */
export type LimitSettingsEnv = Readonly<Record<string, keyof LimitSettings>>;

/**
 * The limit settings a table of environment variables sets: each a whole number of at least 1;
 * unset or empty ones keep their defaults. A bad value stops start-up, naming the variable.
 */
export function readLimitSettings(
  names: LimitSettingsEnv,
  env: Readonly<Record<string, string | undefined>>,
): Partial<LimitSettings> {
  const settings: Partial<LimitSettings> = {};
  for (const [name, setting] of Object.entries(names)) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`Invalid ${name} (a whole number of at least 1): ${text}`);
    }
    settings[setting] = value;
  }
  return settings;
}
