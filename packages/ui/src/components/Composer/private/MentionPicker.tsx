import type { MessageMention } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../../strings';
import * as css from './MentionPicker.css';

const L = UI_STRINGS.links;

/** The id of an option, for the text field's aria-activedescendant. */
export const mentionOptionId = (listId: string, userId: number) => `${listId}-${userId}`;

/**
 * The members offered after '@' (an accessible listbox the text field controls: focus stays in
 * the field, the active option is its aria-activedescendant). A click chooses without taking focus.
 */
export function MentionPicker({
  id,
  options,
  activeIndex,
  onChoose,
}: {
  id: string;
  options: readonly MessageMention[];
  activeIndex: number;
  onChoose: (person: MessageMention) => void;
}) {
  return (
    <div className={css.picker}>
      {options.length === 0 ? (
        <p className={css.empty} role="status">
          {L.noMatches}
        </p>
      ) : (
        <div id={id} role="listbox" aria-label={L.mentionPicker} className={css.list}>
          {options.map((person, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works in the text field (arrows, Enter), which keeps focus
            <div
              key={person.user_id}
              tabIndex={-1}
              id={mentionOptionId(id, person.user_id)}
              role="option"
              aria-selected={index === activeIndex}
              className={css.option}
              dir="auto"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(person)}
            >
              @{person.username}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
