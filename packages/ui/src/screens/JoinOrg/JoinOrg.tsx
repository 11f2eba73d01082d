import { JoinOrgError, type OrgInvitePreview, SDK_MESSAGES } from '@parley/chat-sdk';
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Button } from '../../components/Button/Button';
import { Link } from '../../context/Link';
import { useParleyClient } from '../../context/ParleyProvider';
import { ROUTES } from '../../strings';
import * as css from '../private/account.css';
import { navigate } from '../private/navigation';

const S = ACCOUNT_STRINGS.joinOrg;

/** Spec §9: the join-org screen goes on to the dashboard 2 s after success. */
export const JOIN_ORG_REDIRECT_MS = 2000;

export type JoinOrgState =
  /** Reading who invites (before anything is joined). */
  | { status: 'checking' }
  /** Asking: the invite's details, or null from a backend that cannot tell them. */
  | { status: 'confirm'; preview: OrgInvitePreview | null }
  | { status: 'loading' }
  | { status: 'success' }
  | { status: 'error'; message: string };

export interface JoinOrgViewProps {
  state: JoinOrgState;
  /** The person pressed Join. */
  onJoin?: () => void;
}

export function JoinOrgView({ state, onJoin }: JoinOrgViewProps) {
  return (
    <main className={css.page}>
      <div className={css.column}>
        <section className={css.card} aria-live="polite" aria-labelledby="join-org-title">
          {state.status === 'confirm' ? (
            <>
              <h1 id="join-org-title" className={css.cardTitle}>
                {S.title}
              </h1>
              <p className={`${css.text} ${css.shrink}`}>
                {state.preview ? S.invitedBy(state.preview.admin_username) : S.invited}
              </p>
              {state.preview ? (
                <p className={css.muted}>
                  {S.seats(state.preview.members_count, state.preview.max_users)}
                </p>
              ) : null}
              <p className={css.text}>{S.explain}</p>
              <div className={css.row}>
                <Button onClick={onJoin}>{S.join}</Button>
                <Link href={ROUTES.dashboard} className={css.link}>
                  {S.notNow}
                </Link>
              </div>
            </>
          ) : state.status === 'checking' ? (
            <p className={css.text} role="status">
              {S.checking}
            </p>
          ) : state.status === 'loading' ? (
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

const failure = (error: unknown) => ({
  status: 'error' as const,
  message: error instanceof JoinOrgError ? error.message : SDK_MESSAGES.joinOrgFailed,
});

/**
 * /join-org/:token: shows who invites and joins only when the person presses Join (a link opened
 * by mistake, or planted in a page, moves nobody into an organisation); then refreshes the user
 * and goes to the dashboard after 2 s.
 */
export function JoinOrgScreen({
  token,
  onNavigate,
  redirectDelayMs = JOIN_ORG_REDIRECT_MS,
}: JoinOrgScreenProps) {
  const client = useParleyClient();
  const [state, setState] = useState<JoinOrgState>({ status: 'checking' });
  const checked = useRef<string | null>(null);

  useEffect(() => {
    if (checked.current === token) return;
    checked.current = token;
    setState({ status: 'checking' });
    client.api.org.invitePreview(token).then(
      (preview) => setState({ status: 'confirm', preview }),
      (error: unknown) => setState(failure(error)),
    );
  }, [client, token]);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => navigate(ROUTES.dashboard, onNavigate), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [state.status, onNavigate, redirectDelayMs]);

  const join = () => {
    setState({ status: 'loading' });
    client.api.org.join(token).then(
      async () => {
        await client.session.refreshUser();
        setState({ status: 'success' });
      },
      (error: unknown) => setState(failure(error)),
    );
  };

  return <JoinOrgView state={state} onJoin={join} />;
}
