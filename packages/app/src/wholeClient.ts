import type { ParleyClient, SessionClient } from '@parley/chat-sdk';

/**
 * The app starts with the sdk's session client (REST and the session: all a sign-in page needs)
 * and loads the rest — socket, chat, connections, calls, media — when the first signed-in page
 * opens, growing the same session into the whole client once.
 */
export interface WholeClientLoader {
  /** Loads (once) and returns the whole client; the signed-in layout's route awaits it. */
  load(): Promise<ParleyClient>;
  /** The whole client once `load` has resolved, else null. */
  current(): ParleyClient | null;
}

export function wholeClientLoader(
  session: SessionClient,
  /** Where a notification's click goes (the router). */
  navigate: (path: string) => void,
): WholeClientLoader {
  let loading: Promise<ParleyClient> | null = null;
  let loaded: ParleyClient | null = null;
  return {
    load: () => {
      loading ??= import('./signedInChunk')
        .then(({ completeParleyClient, watchForAttention }) => {
          const client = completeParleyClient(session);
          // A hidden tab tells of new messages: unread count in the title and favicon,
          // notifications, sound.
          watchForAttention(client, { navigate });
          loaded = client;
          return client;
        })
        .catch((error: unknown) => {
          // A failed chunk load (offline, a new deploy) may succeed on the next navigation.
          loading = null;
          throw error;
        });
      return loading;
    },
    current: () => loaded,
  };
}
