import { languageCodeForName, type UserSummary } from '@parley/chat-sdk';
import type { UserRow } from '../db/schema.js';
import { toUserSummary, type UserSummaryRow } from './userViews.js';

/**
 * A person as user search, connection lists and pending requests show them, with the languages
 * they write (issue 25, an optional extension): a reader sees at a glance who writes Spanish.
 * Parley keeps one profile language per person, so the list has one code (none for a name the
 * language list no longer knows).
 */
export function toListedUser(row: UserSummaryRow & Pick<UserRow, 'language'>): UserSummary {
  const summary = toUserSummary(row);
  const code = languageCodeForName(row.language);
  if (code) summary.languages = [code];
  return summary;
}
