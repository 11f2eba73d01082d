import type { FieldCollector, JsonObject } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';

export const INVALID_PAGE = 'Invalid page.';
const SEARCH_MAX = 150;
const MAX_ID = 2_147_483_647;

export const ID_MESSAGES = {
  notInteger: 'A valid integer is required.',
} as const;

export function firstString(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstString(value[0]);
  return typeof value === 'string' ? value : undefined;
}

/** `?page=` (1-based); anything else than a positive integer is the spec's paged-list 404. */
export function readPage(query: Record<string, unknown>): number {
  const text = firstString(query.page) ?? '1';
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw detailError(404, INVALID_PAGE);
  return Number(text);
}

/** `?search=`: trimmed, without NULs, at most 150 characters; '' for none. */
export function readSearch(query: Record<string, unknown>): string {
  return (firstString(query.search) ?? '').replaceAll('\u0000', '').trim().slice(0, SEARCH_MAX);
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A user id as clients send it: a JSON integer or a string of digits (form-style clients). */
export function parseId(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0 && raw <= MAX_ID) return raw;
  if (typeof raw === 'string' && /^\s*\d{1,10}\s*$/.test(raw)) {
    const value = Number(raw.trim());
    return value > 0 && value <= MAX_ID ? value : null;
  }
  return null;
}

/** A required id field of a JSON body, or undefined after recording the field error. */
export function idField(
  fields: FieldCollector,
  body: JsonObject,
  field: string,
): number | undefined {
  const raw = body[field];
  if (raw === undefined) {
    fields.add(field, 'This field is required.');
    return undefined;
  }
  if (raw === null) {
    fields.add(field, 'This field may not be null.');
    return undefined;
  }
  // A user object ({id, …}) names its id, as some clients send.
  const value = parseId(typeof raw === 'object' ? (raw as { id?: unknown }).id : raw);
  if (value === null) {
    fields.add(field, ID_MESSAGES.notInteger);
    return undefined;
  }
  return value;
}

/** The paged-list answer (spec §3): `next` is a relative URL keeping the query, or null. */
export function pagedAnswer<T>(
  path: string,
  page: number,
  pageSize: number,
  total: number,
  results: T[],
  params: Record<string, string | undefined> = {},
): { results: T[]; next: string | null; count: number } {
  let next: string | null = null;
  if (page * pageSize < total) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
    query.set('page', String(page + 1));
    next = `${path}?${query}`;
  }
  return { results, next, count: total };
}

/** A page past the end (other than the first) is a 404, as for GET /accounts/users/. */
export function checkPageInRange(page: number, pageSize: number, total: number): void {
  if (page > 1 && (page - 1) * pageSize >= total) throw detailError(404, INVALID_PAGE);
}
