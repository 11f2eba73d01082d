// What a signed-in page loads before it shows, as one chunk: the rest of the sdk client and the
// hidden tab's attention (see wholeClient.ts).
export { completeParleyClient } from '@parley/chat-sdk/client';
export { watchForAttention } from './notifications/attention';
