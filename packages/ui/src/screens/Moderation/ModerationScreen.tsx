import { ApiError, type ModerationQueueSort } from '@parley/chat-sdk';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../context/Link';
import { useParleyClient, useSession } from '../../context/ParleyProvider';
import { MODERATION_STRINGS } from '../../moderationStrings';
import { OPERATORS_STRINGS } from '../../operatorsStrings';
import { ROUTES } from '../../strings';
import * as account from '../private/account.css';
import { AuditLog } from './AuditLog';
import * as css from './Moderation.css';
import { ModerationQueue, type ModerationQueueState } from './ModerationQueue';
import { RolesForm } from './RolesForm';

const S = MODERATION_STRINGS;

/** Whether the signed-in person may open the review queue (the server decides; this hides it). */
export function canModerate(user: { staff?: boolean; moderator?: boolean } | null | undefined) {
  return user?.staff === true || user?.moderator === true;
}

/**
 * /moderation (issue 29): the review queue for moderators and staff, and for staff the audit
 * log. Every call is the server's to refuse (403); the route hides the page from others.
 */
export function ModerationScreen() {
  const client = useParleyClient();
  const user = useSession().user;
  const staff = user?.staff === true;
  const [tab, setTab] = useState<'queue' | 'audit' | 'roles'>('queue');
  const [sort, setSort] = useState<ModerationQueueSort>('newest');
  const [state, setState] = useState<ModerationQueueState>({ status: 'loading' });

  const load = useCallback(
    (signal?: AbortSignal) =>
      client.api.moderation.reports({ sort, ...(signal ? { signal } : {}) }).then(
        (queue) => setState({ status: 'ready', queue }),
        (error: unknown) => {
          if (signal?.aborted) return;
          setState({
            status: 'error',
            message: error instanceof ApiError && error.detail ? error.detail : S.loadFailed,
          });
        },
      ),
    [client, sort],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <main className={account.page}>
      <div className={account.column}>
        <header className={account.header}>
          <h1 className={account.title}>{S.title}</h1>
          <Link href={ROUTES.dashboard} className={account.link}>
            {S.back}
          </Link>
        </header>
        {staff ? (
          <nav className={css.tabs} aria-label={S.tabsLabel}>
            {(['queue', 'audit', 'roles'] as const).map((name) => (
              <button
                key={name}
                type="button"
                className={css.tab}
                aria-pressed={tab === name}
                onClick={() => setTab(name)}
              >
                {name === 'queue'
                  ? S.queueTab
                  : name === 'audit'
                    ? S.auditTab
                    : OPERATORS_STRINGS.rolesTab}
              </button>
            ))}
          </nav>
        ) : null}
        {tab === 'audit' && staff ? (
          <AuditLog />
        ) : tab === 'roles' && staff ? (
          <RolesForm />
        ) : (
          <ModerationQueue
            state={state}
            sort={sort}
            onSortChange={(next) => {
              setState({ status: 'loading' });
              setSort(next);
            }}
            showReporters={canModerate(user)}
            onRetry={() => {
              setState({ status: 'loading' });
              void load();
            }}
            onAct={(request) =>
              client.api.moderation.act(request).then(
                () => load(),
                (error: unknown) => {
                  throw new Error(
                    error instanceof ApiError && error.detail ? error.detail : S.actionFailed,
                  );
                },
              )
            }
          />
        )}
      </div>
    </main>
  );
}
