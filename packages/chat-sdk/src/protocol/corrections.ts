/** Wire types of the spelling corrections calls (spec §1, automatic correction of messages). */

export const CORRECTION_PATHS = {
  check: '/corrections/check/',
  languages: '/corrections/languages/',
} as const;

/** One flagged word. `offset` and `length` count UTF-16 code units, like String indices. */
export interface Correction {
  offset: number;
  length: number;
  /** The flagged text, `text.slice(offset, offset + length)` of the checked text. */
  word: string;
  message: string;
  /** Best first; may be empty. */
  replacements: string[];
}

/** Body of POST /corrections/check/; `language` is a language name or ISO code. */
export interface CorrectionCheckRequest {
  text: string;
  language: string;
}

/** 200 answer of POST /corrections/check/. */
export interface CorrectionCheckResponse {
  language: string;
  /** False when the server cannot check this language: `corrections` is then empty. */
  supported: boolean;
  corrections: Correction[];
}

/** A language the server can check: its ISO 639-1 code and its name in the language list. */
export interface CorrectionLanguage {
  code: string;
  name: string;
}

/** 200 answer of GET /corrections/languages/. */
export interface CorrectionLanguagesResponse {
  /** 'nspell', 'hunspell', both joined ('nspell+hunspell'), 'languagetool' or 'none'. */
  engine: string;
  languages: CorrectionLanguage[];
}

/** Body of PATCH /accounts/update-auto-correct/. */
export interface UpdateAutoCorrectRequest {
  auto_correct: boolean;
}
