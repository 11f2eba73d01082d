import { ApiError, type ModerationRole } from '@parley/chat-sdk';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Select } from '../../components/Select/Select';
import { TextField } from '../../components/TextField/TextField';
import { useParleyClient } from '../../context/ParleyProvider';
import { OPERATORS_STRINGS } from '../../operatorsStrings';
import * as account from '../private/account.css';
import * as css from './Moderation.css';

const S = OPERATORS_STRINGS;

type RolesState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done'; message: string }
  | { status: 'failed'; message: string };

/**
 * Staff grant or revoke the moderator or staff role by username (issue 29, the "Roles" tab).
 * The server records each change in the audit log and refuses the last staff member's own
 * revocation; its words are shown as they come.
 */
export function RolesForm() {
  const client = useParleyClient();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<ModerationRole>('moderator');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<RolesState>({ status: 'idle' });

  function change(granted: boolean) {
    // One change at a time. The controls stay enabled while it is sent, so focus stays where the
    // person left it (a disabled control drops it).
    if (state.status === 'busy') return;
    const name = username.trim();
    if (name === '') {
      setFieldError(S.needsUsername);
      return;
    }
    setFieldError(null);
    setState({ status: 'busy' });
    client.api.moderation.setRole({ username: name, role, granted }).then(
      (answer) =>
        setState({ status: 'done', message: S.changed(answer.user.username, answer.user) }),
      (error: unknown) =>
        setState({
          status: 'failed',
          message: error instanceof ApiError && error.detail ? error.detail : S.changeFailed,
        }),
    );
  }

  const busy = state.status === 'busy';
  return (
    <section className={account.card} aria-labelledby="moderation-roles">
      <h2 id="moderation-roles" className={account.cardTitle}>
        {S.rolesTitle}
      </h2>
      <p className={account.muted}>{S.rolesHint}</p>
      <form
        className={css.filters}
        onSubmit={(event) => {
          event.preventDefault();
          change(true);
        }}
      >
        <TextField
          label={S.username}
          value={username}
          onChange={setUsername}
          autoComplete="off"
          dir="auto"
          error={fieldError}
        />
        <Select
          label={S.role}
          value={role}
          onChange={(next) => setRole(next === '' ? 'moderator' : next)}
          options={[
            { value: 'moderator', label: S.moderator },
            { value: 'staff', label: S.staff },
          ]}
        />
        <Button type="submit" size="sm" busy={busy}>
          {S.grant}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          busy={busy}
          onClick={() => change(false)}
        >
          {S.revoke}
        </Button>
      </form>
      <p
        className={state.status === 'failed' ? account.error : account.muted}
        role={state.status === 'failed' ? 'alert' : 'status'}
      >
        {state.status === 'done' || state.status === 'failed' ? state.message : ''}
      </p>
    </section>
  );
}
