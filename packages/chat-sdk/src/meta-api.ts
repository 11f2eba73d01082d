import type { HttpClient } from './http/http-client';
import { type Capabilities, META_PATHS } from './protocol/meta';
import type { TranslationRoute } from './translation-routes';

/** What the server can do with languages (GET /meta/capabilities), asked once per client. */
export interface MetaApi {
  /** Cached for the client's lifetime; a failed call is not cached. `fresh` asks again. */
  capabilities(options?: { fresh?: boolean }): Promise<Capabilities>;
  /** Whether a message in `from` reaches a reader of `to` translated (names or ISO codes). */
  canTranslate(from: string, to: string): Promise<boolean>;
  /** The route (same, direct, pivot via …) or null when the pair is not translated. */
  translationRoute(from: string, to: string): Promise<TranslationRoute | null>;
}

export function createMetaApi(http: HttpClient): MetaApi {
  let cached: Promise<Capabilities> | undefined;

  function capabilities(options: { fresh?: boolean } = {}): Promise<Capabilities> {
    if (cached === undefined || options.fresh) {
      const request = http.request<Capabilities>(META_PATHS.capabilities, { bearer: false });
      cached = request;
      request.catch(() => {
        // The next caller asks again instead of inheriting a stale failure.
        if (cached === request) cached = undefined;
      });
    }
    return cached;
  }

  // The routing (and the language list under it) loads on the first question, so a sign-in page
  // that only asks for capabilities does not carry it.
  const routing = () => import('./translation-routes');
  return {
    capabilities,
    canTranslate: async (from, to) =>
      (await routing()).canTranslate(await capabilities(), from, to),
    translationRoute: async (from, to) =>
      (await routing()).translationRoute(await capabilities(), from, to),
  };
}
