/** Reasons the server gives when it closes a chat socket (1008, or the codes named). */
export const SOCKET_CLOSE_REASONS = {
  unauthenticated: 'unauthenticated',
  wrongUser: 'token does not match user',
  flooding: 'too many frames',
  /** With SOCKET_CLOSE_CODES.signedOut. */
  signedOut: 'signed out',
  /** With SOCKET_CLOSE_CODES.signedOut: a moderator suspended the account (issue 29). */
  suspended: 'account suspended',
  /** With SOCKET_CLOSE_CODES.tokenExpired. */
  tokenExpired: 'token expired',
  /** With SOCKET_CLOSE_CODES.tooManySockets: the person opened more than the per-person cap. */
  tooManySockets: 'too many open sockets for this account',
} as const;
