import { ApiError, type OrgMemberSummary } from '@parley/chat-sdk';
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Avatar } from '../../components/Avatar/Avatar';
import { Button } from '../../components/Button/Button';
import { InviteLinkCopy } from '../../components/InviteLinkCopy/InviteLinkCopy';
import { useToast } from '../../components/Toast/ToastProvider';
import { Link } from '../../context/Link';
import { useParleyClient, useSession } from '../../context/ParleyProvider';
import { ROUTES } from '../../strings';
import * as css from '../private/account.css';
import { currentOrigin } from '../private/navigation';

const S = ACCOUNT_STRINGS.members;

export interface OrgMembersViewProps {
  state:
    | { status: 'loading' }
    | { status: 'error'; message: string }
    | { status: 'ready'; members: readonly OrgMemberSummary[]; maxUsers: number };
  /** The member being removed (its button is busy). */
  removing?: number | null;
  onRemove: (member: OrgMemberSummary) => void;
  /** The organisation's current invite link (replaced when a member is removed), to copy here. */
  inviteLink?: string | null;
}

/** /organization/members: the administrator first (not removable), then members with Remove. */
export function OrgMembersView({
  state,
  removing = null,
  onRemove,
  inviteLink = null,
}: OrgMembersViewProps) {
  return (
    <main className={css.page}>
      <div className={css.column}>
        <header className={css.header}>
          <h1 className={css.title}>{S.title}</h1>
          <Link href={ROUTES.dashboard} className={css.link}>
            {S.back}
          </Link>
        </header>
        <section className={css.card} aria-live="polite">
          {state.status === 'loading' ? (
            <p className={css.muted} role="status">
              {S.loading}
            </p>
          ) : state.status === 'error' ? (
            <p className={css.error} role="alert">
              {state.message}
            </p>
          ) : (
            <>
              <p className={css.muted}>{S.seats(state.members.length, state.maxUsers)}</p>
              <ul className={css.list} aria-label={S.listLabel}>
                {state.members.map((member, index) => (
                  <li key={member.id} className={css.spread}>
                    <span className={`${css.row} ${css.shrink}`}>
                      <Avatar
                        name={member.username}
                        colorKey={member.id}
                        src={member.profile_image}
                        size="sm"
                      />
                      <span className={css.shrink}>
                        <strong>{member.username}</strong>
                        <br />
                        <small className={css.muted}>{member.email}</small>
                      </span>
                    </span>
                    {index === 0 ? (
                      <span className={css.muted}>{S.administrator}</span>
                    ) : (
                      <Button
                        variant="danger"
                        size="sm"
                        busy={removing === member.id}
                        disabled={removing !== null && removing !== member.id}
                        onClick={() => onRemove(member)}
                        aria-label={S.remove(member.username)}
                      >
                        {S.removeButton}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        {inviteLink && state.status === 'ready' ? (
          <section className={css.card} aria-label={ACCOUNT_STRINGS.dashboard.inviteLink}>
            <InviteLinkCopy link={inviteLink} />
          </section>
        ) : null}
      </div>
    </main>
  );
}

export interface OrgMembersScreenProps {
  /** The invite link's origin; defaults to the page's (stories fix it). */
  origin?: string;
}

/** The member list connected to the sdk; only the administrator may see it (server-enforced). */
export function OrgMembersScreen({ origin }: OrgMembersScreenProps) {
  const client = useParleyClient();
  const toast = useToast();
  const token = useSession().user?.org_invite_token;
  const [state, setState] = useState<OrgMembersViewProps['state']>({ status: 'loading' });
  const [removing, setRemoving] = useState<number | null>(null);

  const load = useCallback(() => {
    client.api.org.members().then(
      (answer) =>
        setState({ status: 'ready', members: answer.members, maxUsers: answer.max_users }),
      (error: unknown) =>
        setState({
          status: 'error',
          message: error instanceof ApiError && error.status === 403 ? S.adminOnly : S.loadFailed,
        }),
    );
  }, [client]);

  useEffect(load, [load]);

  return (
    <OrgMembersView
      state={state}
      removing={removing}
      inviteLink={token ? `${origin ?? currentOrigin()}${ROUTES.joinOrg(token)}` : null}
      onRemove={(member) => {
        setRemoving(member.id);
        client.api.org
          .removeMember(member.id)
          .then(
            () => {
              toast.show(S.removed(member.username));
              // The server replaced the invite link: the one to copy here is the new one.
              void client.session.refreshUser();
              setState((current) =>
                current.status === 'ready'
                  ? { ...current, members: current.members.filter((m) => m.id !== member.id) }
                  : current,
              );
            },
            () => toast.show({ message: S.removeFailed(member.username), tone: 'error' }),
          )
          .finally(() => setRemoving(null));
      }}
    />
  );
}
