import type { PagedList } from '../protocol/paging';
import type { HttpClient } from './http-client';
import { resolveNextUrl } from './urls';

/** Yields one page of results per step, following `next` until it is null. */
export async function* followPages<T>(
  http: HttpClient,
  firstPath: string,
): AsyncGenerator<T[], void, undefined> {
  let url: string | null = http.url(firstPath);
  while (url !== null) {
    const page: PagedList<T> = await http.request<PagedList<T>>(url);
    yield page.results ?? [];
    url = page.next ? resolveNextUrl(page.next, url) : null;
  }
}
