import type { FieldCollector, JsonObject } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';
import { firstString, parseId } from '../http/queryParams.js';

export const INVALID_PAGE = 'Invalid page.';
const SEARCH_MAX = 150;

export const ID_MESSAGES = {
  notInteger: 'A valid integer is required.',
} as const;

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
