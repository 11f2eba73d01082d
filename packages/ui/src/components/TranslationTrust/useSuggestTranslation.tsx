import { displayLanguageName } from '@parley/chat-sdk';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { TRANSLATION_TRUST_STRINGS } from '../../translationTrustStrings';
import { Button } from '../Button/Button';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import * as css from './TranslationTrust.css';
import { isTranslatedForMe } from './useReportTranslation';

const T = TRANSLATION_TRUST_STRINGS;

/**
 * 'Suggest a better translation' among a translated message's actions (issue 26) and its form:
 * the member writes the message in their own language (named in the label), starting from the
 * current suggestion or the machine's text. Save sends it; the form then says so and closes.
 */
export function useSuggestTranslation(
  message: MessageBubbleMessage,
  onSuggest: ((message: MessageBubbleMessage, text: string) => Promise<void>) | undefined,
  language: string | undefined,
  /** Where the focus goes back when the form closes (the actions button). */
  returnFocus: () => void,
): { item: { label: string; run: () => void } | null; form: ReactNode } {
  const [state, setState] = useState<'closed' | 'open' | 'saving' | 'saved' | 'failed'>('closed');
  const [draft, setDraft] = useState('');
  const fieldId = useId();
  const hintId = useId();
  // Focused when the form opens: a ref callback runs when the field appears, in React and in
  // Preact alike (`autoFocus` is honoured only by React, or by the browser once per page).
  const focusOnMount = useCallback((node: HTMLTextAreaElement | null) => node?.focus(), []);
  const offered = onSuggest !== undefined && language !== undefined && isTranslatedForMe(message);
  const item = offered
    ? {
        label: T.suggestTranslation,
        run: () => {
          setDraft(message.translation_suggestion?.text ?? message.message);
          setState('open');
        },
      }
    : null;
  const close = () => {
    setState('closed');
    returnFocus();
  };
  const editing = state === 'open' || state === 'saving' || state === 'failed';
  const form =
    offered && editing ? (
      <form
        className={css.form}
        onSubmit={(event) => {
          event.preventDefault();
          const text = draft.trim();
          if (text === '' || state === 'saving') return;
          setState('saving');
          onSuggest(message, text).then(
            () => {
              setState('saved');
              returnFocus();
            },
            () => setState('failed'),
          );
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            close();
          }
        }}
      >
        <label className={css.label} htmlFor={fieldId}>
          {T.suggestInto(displayLanguageName(language))}
        </label>
        <textarea
          id={fieldId}
          className={css.textarea}
          dir="auto"
          value={draft}
          aria-describedby={hintId}
          // The member just chose to write; the field is the point.
          ref={focusOnMount}
          onChange={(event) => setDraft(event.target.value)}
        />
        <span id={hintId} className={css.hint}>
          {T.suggestHint(displayLanguageName(language))}
        </span>
        <span className={css.buttons}>
          <Button type="submit" size="sm" busy={state === 'saving'} disabled={draft.trim() === ''}>
            {T.saveSuggestion}
          </Button>
          <Button variant="secondary" size="sm" onClick={close}>
            {T.cancelSuggestion}
          </Button>
        </span>
        {state === 'failed' ? <span role="alert">{T.suggestionFailed}</span> : null}
      </form>
    ) : (
      <span role="status" className={css.hint}>
        {state === 'saved' ? T.suggestionSaved : ''}
      </span>
    );
  return { item, form };
}
