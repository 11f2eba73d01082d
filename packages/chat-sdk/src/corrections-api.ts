import type { HttpClient } from './http/http-client';
import {
  CORRECTION_PATHS,
  type CorrectionCheckResponse,
  type CorrectionLanguagesResponse,
} from './protocol/corrections';

/** Spelling suggestions for a draft, in the writer's language (bearer). */
export interface CorrectionsApi {
  /** POST /corrections/check/; `language` is a name ('Spanish') or ISO code ('es'). */
  check(
    text: string,
    language: string,
    options?: { signal?: AbortSignal },
  ): Promise<CorrectionCheckResponse>;
  /** GET /corrections/languages/: the ISO codes of the languages the server can check. */
  languages(options?: { signal?: AbortSignal }): Promise<string[]>;
}

export function createCorrectionsApi(http: HttpClient): CorrectionsApi {
  return {
    check: (text, language, options = {}) =>
      http.request<CorrectionCheckResponse>(CORRECTION_PATHS.check, {
        method: 'POST',
        json: { text, language },
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    languages: async (options = {}) => {
      const body = await http.request<CorrectionLanguagesResponse>(CORRECTION_PATHS.languages, {
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return (Array.isArray(body?.languages) ? body.languages : []).flatMap((language) =>
        typeof language?.code === 'string' ? [language.code] : [],
      );
    },
  };
}
