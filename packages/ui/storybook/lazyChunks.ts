import { preloadConversationBody } from '../src/screens/Chat/private/lazyConversationBody';

/**
 * Stories of an open conversation load its body (issue 24: a chunk of its own in an app) before
 * they render, so their first frame — the picture, and what a play function queries — is the
 * conversation itself. ConversationLoading.stories.tsx shows the states in between.
 */
export const conversationBodyLoader = async (): Promise<Record<string, never>> => {
  await preloadConversationBody();
  return {};
};
