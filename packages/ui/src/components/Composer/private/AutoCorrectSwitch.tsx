import { UI_STRINGS } from '../../../strings';
import * as css from './AutoCorrectSwitch.css';

const C = UI_STRINGS.corrections;

/** 'Auto-correct': whether the first suggestion of each flagged word is applied on send. */
export function AutoCorrectSwitch({
  on,
  onChange,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={css.autoCorrect}
      title={C.autoCorrectHint}
      onClick={() => onChange(!on)}
    >
      <span className={css.switchTrack} aria-hidden="true">
        <span className={css.switchThumb} />
      </span>
      {C.autoCorrect}
    </button>
  );
}
