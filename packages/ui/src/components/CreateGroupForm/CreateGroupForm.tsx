import type { ConnectionListItem } from '@parley/chat-sdk';
import { type FormEvent, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import { Avatar } from '../Avatar/Avatar';
import { Button } from '../Button/Button';
import { LanguageChips } from '../LanguageChips/LanguageChips';
import { useStableId } from '../private/useStableId';
import { SearchBox } from '../SearchBox/SearchBox';
import { TextField } from '../TextField/TextField';
import * as css from './CreateGroupForm.css';

const S = UI_STRINGS.createGroup;

export interface CreateGroupInputValues {
  name: string;
  userIds: number[];
  image: File | null;
}

export interface CreateGroupFormProps {
  /** The creator's accepted connections matching the search (the spec's checklist). */
  connections: readonly Readonly<ConnectionListItem>[];
  loading?: boolean;
  loadError?: string | null;
  /** Debounced 300 ms: filter the connections by username. */
  onSearch: (query: string) => void;
  /** Resolves when created; rejects on failure. The form clears after success. */
  onCreate: (values: CreateGroupInputValues) => Promise<void>;
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * The create-group screen (spec §2): search users, a group name, an optional image, a checklist of
 * accepted connections, and Create. The creator is always a member (the server adds them).
 */
export function CreateGroupForm({
  connections,
  loading = false,
  loadError,
  onSearch,
  onCreate,
}: CreateGroupFormProps) {
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [formKey, setFormKey] = useState(0);
  const imageId = useStableId();

  function toggle(user: Readonly<ConnectionListItem>) {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(user.id)) next.delete(user.id);
      else next.set(user.id, user.username);
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || selected.size === 0) {
      setOutcome({ tone: 'error', text: S.invalid });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await onCreate({ name: trimmed, userIds: [...selected.keys()], image });
      setOutcome({ tone: 'success', text: S.created(trimmed) });
      setName('');
      setSelected(new Map());
      setImage(null);
      setFormKey((k) => k + 1);
    } catch {
      setOutcome({ tone: 'error', text: S.failed });
    } finally {
      setBusy(false);
    }
  }

  // 'Enter a name and pick members' goes once the form has both: an error must not outlive its cause.
  const shown =
    outcome?.text === S.invalid && name.trim() !== '' && selected.size > 0 ? null : outcome;

  return (
    <form className={css.form} onSubmit={submit} noValidate>
      <SearchBox label={S.searchLabel} placeholder={S.searchPlaceholder} onSearch={onSearch} />
      <TextField label={S.nameLabel} value={name} onChange={setName} dir="auto" />
      <div className={css.field}>
        <label htmlFor={imageId} className={css.label}>
          {S.imageLabel}
        </label>
        <input
          key={formKey}
          id={imageId}
          type="file"
          accept="image/*"
          className={css.file}
          onChange={(event) => setImage(event.currentTarget.files?.[0] ?? null)}
        />
      </div>
      <fieldset className={css.fieldset}>
        <legend className={css.label}>
          {S.membersLabel} <span className={css.count}>{S.selected(selected.size)}</span>
        </legend>
        {loadError ? (
          <p className={css.error} role="alert">
            {loadError}
          </p>
        ) : loading && connections.length === 0 ? (
          <p className={css.note} role="status">
            {UI_STRINGS.social.loading}
          </p>
        ) : connections.length === 0 ? (
          <p className={css.note}>{S.noConnections}</p>
        ) : (
          <ul className={css.list}>
            {connections.map((user) => (
              <li key={user.id}>
                <label className={css.option}>
                  <input
                    type="checkbox"
                    checked={selected.has(user.id)}
                    onChange={() => toggle(user)}
                  />
                  <Avatar
                    name={user.username}
                    colorKey={user.id}
                    src={user.profile_image}
                    size="sm"
                  />
                  <span dir="auto" className={css.name}>
                    {user.username}
                  </span>
                  <LanguageChips codes={user.languages} />
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {shown ? (
        <p
          className={shown.tone === 'error' ? css.error : css.success}
          role={shown.tone === 'error' ? 'alert' : 'status'}
        >
          {shown.text}
        </p>
      ) : null}
      <Button type="submit" busy={busy} busyLabel={S.busy} fullWidth>
        {S.submit}
      </Button>
    </form>
  );
}
