import { useEffect, useState } from 'react';
import { UI_STRINGS } from '../../../strings';
import * as css from '../ChatView.css';
import type { ConversationBody, ConversationBodyProps } from './ConversationBody';

const S = UI_STRINGS.chat;

// Issue 24: the open conversation's body (ConversationBody.tsx: message list, bubbles, composer) is
// the larger part of the chat screen's code. It loads when a conversation first opens, or earlier:
// ChatView asks for it once the chat list has drawn and the page is idle, so a click on a chat
// usually finds it loaded. Once loaded it renders at once, with no loading state in between.

type Body = typeof ConversationBody;
let loading: Promise<Body> | null = null;
let loaded: Body | null = null;

/**
 * Loads the conversation's body (once; a failed load is tried again on the next call). Stories
 * that render an open conversation take it as a loader, so their first frame is the conversation.
 */
export function preloadConversationBody(): Promise<Body> {
  loading ??= import('./ConversationBody').then(
    (module) => {
      loaded = module.ConversationBody;
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Asks for the body when the browser is idle (after the chat list's first paint). */
export function preloadConversationBodyWhenIdle(): () => void {
  if (loaded) return () => {};
  const start = () => {
    preloadConversationBody().catch(() => {
      // Opening a conversation tries again and shows the failure there.
    });
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, 200);
  return () => clearTimeout(handle);
}

/** The conversation's body, or while it loads a status line, or if it cannot a retry. */
export function LazyConversationBody({
  load = preloadConversationBody,
  ...props
}: ConversationBodyProps & {
  /** How the body is loaded; stories pass a slow or failing one to show the states between. */
  load?: () => Promise<Body>;
}) {
  const [body, setBody] = useState<{ Body: Body } | null>(() =>
    loaded && load === preloadConversationBody ? { Body: loaded } : null,
  );
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts another try.
  useEffect(() => {
    if (body) return;
    let live = true;
    load().then(
      (Body) => {
        if (live) setBody({ Body });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [body, attempt, load]);

  if (body) return <body.Body {...props} />;
  if (failed) {
    return (
      <div className={css.bodyPending} role="alert">
        <p className={css.empty}>{S.conversationLoadFailed}</p>
        <button
          type="button"
          className={css.bodyRetry}
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {S.retry}
        </button>
      </div>
    );
  }
  return (
    <div className={css.bodyPending} role="status">
      <p className={css.empty}>{S.loadingConversation}</p>
    </div>
  );
}
