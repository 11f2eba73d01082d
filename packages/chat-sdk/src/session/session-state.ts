import type { CurrentUser } from '../protocol/accounts';

/** A valtio proxy: React reads it with useSnapshot, other code with valtio's subscribe. */
export interface SessionState {
  status: 'hydrating' | 'signedOut' | 'signedIn';
  accessToken: string | null;
  user: CurrentUser | null;
}
