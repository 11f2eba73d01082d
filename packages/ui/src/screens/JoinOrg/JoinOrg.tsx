import { JoinOrgError, SDK_MESSAGES } from '@parley/chat-sdk';
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Link } from '../../context/Link';
import { useParleyClient } from '../../context/ParleyProvider';
import { ROUTES } from '../../strings';
import * as css from '../private/account.css';
import { navigate } from '../private/navigation';

const S = ACCOUNT_STRINGS.joinOrg;

/** Spec §9: the join-org screen goes on to the dashboard 2 s after success. */
export const JOIN_ORG_REDIRECT_MS = 2000;

export type JoinOrgState =
  | { status: 'loading' }
  | { status: 'success' }
  | { status: 'error'; message: string };

export function JoinOrgView({ state }: { state: JoinOrgState }) {
  return (
    <main className={css.page}>
      <div className={css.column}>
        <section className={css.card} aria-live="polite">
          {state.status === 'loading' ? (
            <p className={css.text} role="status">
              {S.joining}
            </p>
          ) : state.status === 'success' ? (
            <p className={css.text} role="status">
              {S.success}
            </p>
          ) : (
            <>
              <p className={css.error} role="alert">
                {state.message}
              </p>
              <Link href={ROUTES.dashboard} className={css.link}>
                {S.dashboard}
              </Link>
            </>
          )}
        </section>
      </div>
    </main>
  );
}

export interface JoinOrgScreenProps {
  token: string;
  onNavigate?: (path: string) => void;
  /** Default 2000 ms (spec). */
  redirectDelayMs?: number;
}

/** /join-org/:token: joins once, refreshes the user, then goes to the dashboard after 2 s. */
export function JoinOrgScreen({
  token,
  onNavigate,
  redirectDelayMs = JOIN_ORG_REDIRECT_MS,
}: JoinOrgScreenProps) {
  const client = useParleyClient();
  const [state, setState] = useState<JoinOrgState>({ status: 'loading' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    client.api.org.join(token).then(
      async () => {
        await client.session.refreshUser();
        setState({ status: 'success' });
      },
      (error: unknown) =>
        setState({
          status: 'error',
          message: error instanceof JoinOrgError ? error.message : SDK_MESSAGES.joinOrgFailed,
        }),
    );
  }, [client, token]);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => navigate(ROUTES.dashboard, onNavigate), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [state.status, onNavigate, redirectDelayMs]);

  return <JoinOrgView state={state} />;
}
