import type { SocketStatus } from '@parley/chat-sdk';
import { useEffect, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import * as css from './ConnectionBanner.css';

const S = UI_STRINGS.chat;

export interface ConnectionBannerProps {
  status: SocketStatus;
  /** Epoch ms of the scheduled reconnect (socket state `nextAttemptAt`). */
  nextAttemptAt?: number | null;
  /** Clock for the countdown; stories fix it. Defaults to Date.now, re-read every second. */
  now?: () => number;
}

/**
 * The socket's health above the conversation: nothing while open, 'Connecting...' while an attempt
 * runs, and 'Offline. Reconnecting in N s...' with a countdown between attempts. A polite status, so
 * it is announced once per change rather than every second (only the number changes).
 */
export function ConnectionBanner({
  status,
  nextAttemptAt = null,
  now = Date.now,
}: ConnectionBannerProps) {
  const [, tick] = useState(0);
  const counting = status === 'closed' && nextAttemptAt !== null;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  if (status === 'open') return null;
  if (status === 'connecting') {
    return (
      <p className={css.banner} role="status">
        {S.connecting}
      </p>
    );
  }
  const seconds =
    nextAttemptAt === null ? null : Math.max(0, Math.ceil((nextAttemptAt - now()) / 1000));
  return (
    <p className={`${css.banner} ${css.offline}`} role="status">
      {S.offline}
      {seconds !== null ? ` ${S.retryingIn(seconds)}` : null}
    </p>
  );
}
