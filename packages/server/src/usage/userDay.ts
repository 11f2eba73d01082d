/** A clock the usage module reads; tests inject one to cross midnight. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const TIMEZONE_MAX = 64;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** Whether Intl knows this IANA zone name ('Europe/Madrid', 'UTC'…). */
export function isValidTimezone(timezone: unknown): timezone is string {
  if (typeof timezone !== 'string' || timezone === '' || timezone.length > TIMEZONE_MAX) {
    return false;
  }
  try {
    formatterFor(timezone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) at `now` in the user's zone; UTC when none or unknown. */
export function userDay(now: Date, timezone: string | null | undefined): string {
  const zone = timezone && isValidTimezone(timezone) ? timezone : 'UTC';
  const parts = formatterFor(zone).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
