/** A paged list (spec §3): 20 items a page, `next` is an absolute or relative URL or null. */
export interface PagedList<T> {
  results: T[];
  next: string | null;
  count: number;
}
