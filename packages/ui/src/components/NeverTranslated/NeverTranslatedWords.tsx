import { useCallback, useEffect, useState } from 'react';
import { useParleyClient } from '../../context/ParleyProvider';
import { UI_STRINGS } from '../../strings';
import { NeverTranslatedWordsView } from './NeverTranslatedWordsView';

const S = UI_STRINGS.neverTranslated;

/**
 * 'Words never translated' connected to the sdk (docs/protocol.md "Never translated"): loads the
 * list when mounted (Settings mounts it once its section is opened); every change answers the
 * whole list, which replaces what is shown.
 */
export function NeverTranslatedWords() {
  const client = useParleyClient();
  const accounts = client.api.accounts;
  const [words, setWords] = useState<readonly string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyWord, setBusyWord] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    accounts.neverTranslated().then(
      (answer) => setWords(answer.words),
      (cause: unknown) => {
        console.warn('[parley] could not load words never translated', cause);
        setError(S.loadFailed);
      },
    );
  }, [accounts]);
  useEffect(load, [load]);

  async function change(word: string, call: (word: string) => Promise<{ words: string[] }>) {
    setBusyWord(word);
    setError(null);
    try {
      setWords((await call(word)).words);
      return true;
    } catch (cause) {
      console.warn('[parley] could not save words never translated', cause);
      setError(S.saveFailed);
      return false;
    } finally {
      setBusyWord(null);
    }
  }

  return (
    <NeverTranslatedWordsView
      words={words}
      error={error}
      busyWord={busyWord}
      onAdd={(word) => change(word, accounts.addNeverTranslated)}
      onRemove={(word) => void change(word, accounts.removeNeverTranslated)}
      onRetry={load}
    />
  );
}
