import { MESSAGE_SEARCH_LIMITS } from '@parley/chat-sdk';
import { foldAccents } from './searchFolding.js';

/** Words beyond this many are ignored: a search is a few words, not a paragraph. */
const MAX_WORDS = 12;
const MAX_ID = 2_147_483_647;

/** Why `q` was refused, in the spec's field-error wording. */
export type SearchQueryProblem = 'required' | 'too_long' | 'invalid' | 'no_words';

export const SEARCH_QUERY_MESSAGES: Record<SearchQueryProblem, string> = {
  required: 'This field is required.',
  too_long: `Ensure this field has no more than ${MESSAGE_SEARCH_LIMITS.maxQueryLength} characters.`,
  invalid: 'Null characters are not allowed.',
  no_words: 'Enter at least one letter or number.',
};

/**
 * The words of a query as a `to_tsquery` text: every word required, the last one a prefix (people
 * search as they type). Only letters, marks and digits survive, so nothing a person types can be
 * read as tsquery syntax.
 */
export function parseSearchQuery(
  raw: string | undefined,
): { terms: string; foldedTerms: string } | { problem: SearchQueryProblem } {
  if (raw === undefined) return { problem: 'required' };
  if (raw.includes('\u0000')) return { problem: 'invalid' };
  const text = raw.trim();
  if (text.length < MESSAGE_SEARCH_LIMITS.minQueryLength) return { problem: 'required' };
  if (text.length > MESSAGE_SEARCH_LIMITS.maxQueryLength) return { problem: 'too_long' };
  const words = (text.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return { problem: 'no_words' };
  const terms = `${words.join(' & ')}:*`;
  return { terms, foldedTerms: foldAccents(terms) };
}

/**
 * The cursor is opaque to clients (a later version may page by rank): today it is the id of the
 * last message of the page, so the next page is the older hits, stable while new messages arrive.
 */
export function encodeSearchCursor(beforeId: number): string {
  return Buffer.from(`m${beforeId}`, 'utf8').toString('base64url');
}

/** The id a cursor stands for; null when it is not one this server made. */
export function decodeSearchCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(cursor)) return null;
  const match = /^m(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= MAX_ID ? id : null;
}
