/** What a person is told when a budget is spent (429) or their storage is full (413). */
export const LIMIT_MESSAGES = {
  frames: 'Too many frames; this one was dropped.',
  posts: (after: string) => `You are posting too often. Try again in ${after}.`,
  reports: (after: string) => `You have sent too many reports today. Try again in ${after}.`,
  reportOpen: 'You have already reported this person; the report is being reviewed.',
  connectionRequestsPair: (after: string) =>
    `Too many connection requests to this person. Try again in ${after}.`,
  connectionRequests: (after: string) =>
    `You have sent too many connection requests today. Try again in ${after}.`,
  signUps: (after: string) =>
    `Too many accounts were created from your network. Try again in ${after}.`,
  signIns: (after: string) => `Too many sign-in attempts. Try again in ${after}.`,
  messageSearches: (after: string) => `You are searching too often. Try again in ${after}.`,
  /** Issue 29: a new account's first day (newAccountLimits.ts). */
  newAccountConnectionRequests: (after: string) =>
    `New accounts can send only a few connection requests on their first day. Try again in ${after}.`,
  newAccountStrangerMessages: (after: string) =>
    `New accounts can send only a few messages to people who are not their connections on their first day. Try again in ${after}, or message your connections.`,
  storageFull: (quota: string) =>
    `Your storage is full (${quota}). Delete some posts or files before uploading more.`,
} as const;

/** "45 seconds", "1 minute", "3 hours": how long until a window ends, in words. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const m = Math.ceil(s / 60);
  if (m < 60) return m === 1 ? '1 minute' : `${m} minutes`;
  const h = Math.ceil(m / 60);
  return h === 1 ? '1 hour' : `${h} hours`;
}

/** "1 GiB", "500 MiB". */
export function bytesInWords(bytes: number): string {
  const gib = 1024 ** 3;
  if (bytes >= gib && bytes % gib === 0) return `${bytes / gib} GiB`;
  return `${Math.max(1, Math.round(bytes / 1024 ** 2))} MiB`;
}
