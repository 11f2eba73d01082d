// The paged lists of the spec (§3: results, next, count) and their query parameters, read once
// for every list route.
import { detailError } from './errors.js';
import { firstString } from './queryParams.js';

export const INVALID_PAGE = 'Invalid page.';
const SEARCH_MAX = 150;

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
    const query = new URLSearchParams({ page: String(page + 1) });
    for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
    next = `${path}?${query}`;
  }
  return { results, next, count: total };
}

/** A page past the end (other than the first) is a 404, as for GET /accounts/users/. */
export function checkPageInRange(page: number, pageSize: number, total: number): void {
  if (page > 1 && (page - 1) * pageSize >= total) throw detailError(404, INVALID_PAGE);
}
