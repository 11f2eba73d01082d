/** Reading what clients put in query strings and bodies: one meaning for each, server-wide. */

const MAX_ID = 2_147_483_647;

/** The first value of a query parameter (`?a=1&a=2` gives '1'), or undefined when absent. */
export function firstString(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstString(value[0]);
  return typeof value === 'string' ? value : undefined;
}

/**
 * An id as clients send it: a JSON integer or a string of digits (form-style clients), within the
 * id column's range; null for anything else.
 */
export function parseId(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0 && raw <= MAX_ID) return raw;
  if (typeof raw === 'string' && /^\s*\d{1,10}\s*$/.test(raw)) {
    const value = Number(raw.trim());
    return value > 0 && value <= MAX_ID ? value : null;
  }
  return null;
}

/** A `?search=` text as an ILIKE pattern: `%` and `_` typed by a user are literal characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
