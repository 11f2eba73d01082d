import { NEVER_TRANSLATED_LIMITS, normalizeNeverTranslatedWord } from '@parley/chat-sdk';
import { type FormEvent, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { TextField } from '../TextField/TextField';
import * as css from './NeverTranslatedWordsView.css';

const S = UI_STRINGS.neverTranslated;

export interface NeverTranslatedWordsViewProps {
  /** The person's words, oldest first; null while loading. */
  words: readonly string[] | null;
  /** Loading or saving failed (shown as an alert). */
  error?: string | null;
  /** A word being added or removed: its buttons show busy. */
  busyWord?: string | null;
  /** Resolves true once saved (the field then empties). */
  onAdd: (word: string) => Promise<boolean>;
  onRemove: (word: string) => void;
  /** Offered when loading failed. */
  onRetry?: () => void;
}

/**
 * Settings' 'Words never translated' (issue 26): the sender's glossary. Each word is kept as
 * written in every translation of what they send; the hint says what is kept anyway.
 */
export function NeverTranslatedWordsView({
  words,
  error = null,
  busyWord = null,
  onAdd,
  onRemove,
  onRetry,
}: NeverTranslatedWordsViewProps) {
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.trim() === '') return;
    const word = normalizeNeverTranslatedWord(draft);
    if (word === null) {
      setFieldError(S.tooLong(NEVER_TRANSLATED_LIMITS.wordMaxLength));
      return;
    }
    setFieldError(null);
    if (await onAdd(word)) setDraft('');
  }

  return (
    <div className={css.wrapper}>
      <p className={css.hint}>{S.hint}</p>
      <form className={css.form} onSubmit={(event) => void submit(event)}>
        <div className={css.field}>
          <TextField
            label={S.fieldLabel}
            value={draft}
            onChange={(value) => {
              setDraft(value);
              setFieldError(null);
            }}
            placeholder={S.placeholder}
            error={fieldError}
            dir="auto"
            autoComplete="off"
          />
        </div>
        <Button type="submit" variant="secondary" busy={busyWord !== null && busyWord === draft}>
          {S.add}
        </Button>
      </form>
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : null}
      {words === null ? (
        error ? null : (
          <p className={css.muted} role="status">
            {S.loading}
          </p>
        )
      ) : words.length === 0 ? (
        <p className={css.muted}>{S.empty}</p>
      ) : (
        <ul className={css.list} aria-label={S.listLabel}>
          {words.map((word) => (
            <li key={word} className={css.word}>
              <span className={css.wordText} dir="auto">
                {word}
              </span>
              <Button
                size="sm"
                variant="ghost"
                busy={busyWord === word}
                aria-label={S.removeLabel(word)}
                onClick={() => onRemove(word)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && words === null && onRetry ? (
        <div>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {S.retry}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
