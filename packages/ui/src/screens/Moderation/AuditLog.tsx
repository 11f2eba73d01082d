import {
  MODERATION_ACTIONS,
  type ModerationActionName,
  type ModerationAuditEntry,
  type ModerationAuditQuery,
  ROLE_ACTIONS,
} from '@parley/chat-sdk';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Select } from '../../components/Select/Select';
import { TextField } from '../../components/TextField/TextField';
import { useParleyClient } from '../../context/ParleyProvider';
import { MODERATION_STRINGS } from '../../moderationStrings';
import * as account from '../private/account.css';
import * as css from './Moderation.css';
import { auditLine, moderationTime } from './moderationFormat';

const S = MODERATION_STRINGS;
const ACTIONS = [...MODERATION_ACTIONS, ...ROLE_ACTIONS];

/** `before_id` of the server's `next` path (the sdk's audit() takes the filters, not a path). */
function beforeIdOf(next: string | null): number | null {
  if (!next) return null;
  const value = Number(new URL(next, 'http://parley.invalid').searchParams.get('before_id'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

type AuditState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; entries: ModerationAuditEntry[]; before: number | null };

/** The audit log (staff): newest first, filtered by action and person, older pages on demand. */
export function AuditLog() {
  const client = useParleyClient();
  const [action, setAction] = useState('');
  const [person, setPerson] = useState('');
  const [filters, setFilters] = useState<ModerationAuditQuery>({});
  const [state, setState] = useState<AuditState>({ status: 'loading' });
  const [loadingOlder, setLoadingOlder] = useState(false);

  const load = useCallback(
    (query: ModerationAuditQuery, append: ModerationAuditEntry[]) =>
      client.api.moderation.audit(query).then(
        (page) =>
          setState({
            status: 'ready',
            entries: [...append, ...page.results],
            before: beforeIdOf(page.next),
          }),
        () => setState({ status: 'error' }),
      ),
    [client],
  );

  useEffect(() => {
    setState({ status: 'loading' });
    void load(filters, []);
  }, [load, filters]);

  function apply(event: FormEvent) {
    event.preventDefault();
    const next: ModerationAuditQuery = {};
    if (action) next.action = action;
    const id = Number(person);
    if (person.trim() !== '' && Number.isInteger(id) && id > 0) next.target_id = id;
    setFilters(next);
  }

  return (
    <section className={account.card} aria-label={S.auditHeading}>
      <h2 className={account.cardTitle}>{S.auditHeading}</h2>
      <form className={css.filters} onSubmit={apply}>
        <Select
          label={S.auditFilterAction}
          value={action}
          onChange={setAction}
          placeholder={S.auditAnyAction}
          options={ACTIONS.map((name) => ({
            value: name,
            label:
              name in S.action ? S.action[name as ModerationActionName] : name.replace('_', ' '),
          }))}
        />
        <TextField label={S.auditFilterPerson} value={person} onChange={setPerson} />
        <Button type="submit" size="sm" variant="secondary">
          {S.auditApply}
        </Button>
      </form>
      {state.status === 'loading' ? (
        <p className={account.muted} role="status">
          {S.auditLoading}
        </p>
      ) : state.status === 'error' ? (
        <p className={account.error} role="alert">
          {S.auditFailed}
        </p>
      ) : state.entries.length === 0 ? (
        <p className={account.muted}>{S.auditEmpty}</p>
      ) : (
        <>
          <ul className={css.plain} aria-label={S.auditListLabel}>
            {state.entries.map((entry) => (
              <li key={entry.id}>
                <bdi className={css.small}>{moderationTime(entry.created_at)}</bdi>{' '}
                <bdi>{auditLine(entry)}</bdi>
                {entry.message_text ? (
                  <blockquote className={css.original} dir="auto">
                    {entry.message_text}
                  </blockquote>
                ) : null}
                {entry.reason ? <p className={css.small}>{S.auditReason(entry.reason)}</p> : null}
              </li>
            ))}
          </ul>
          {state.before !== null ? (
            <Button
              size="sm"
              variant="secondary"
              busy={loadingOlder}
              onClick={() => {
                setLoadingOlder(true);
                void load(
                  { ...filters, before_id: state.before ?? undefined },
                  state.entries,
                ).finally(() => setLoadingOlder(false));
              }}
            >
              {S.auditOlder}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
