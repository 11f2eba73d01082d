/** Reasons the server gives when it closes a chat socket with 1008. */
export const SOCKET_CLOSE_REASONS = {
  unauthenticated: 'unauthenticated',
  wrongUser: 'token does not match user',
  flooding: 'too many frames',
} as const;
