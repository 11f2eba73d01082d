import type { ReactNode } from 'react';
import { Avatar } from '../Avatar/Avatar';
import * as css from './PersonRow.css';

export interface PersonRowPerson {
  id: number;
  username: string;
  profile_image?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** A person's first and last name as shown under their username ('' when neither is known). */
export function fullName(person: {
  first_name?: string | null;
  last_name?: string | null;
}): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}

/**
 * A person in a list: avatar (or an initial on one of 5 colours), username, first and last name,
 * any further detail lines, and the row's actions at the end.
 */
export function PersonRow({
  person,
  details,
  children,
}: {
  person: Readonly<PersonRowPerson>;
  /** More lines under the name (each a `detail` span). */
  details?: ReactNode;
  /** The row's buttons. */
  children: ReactNode;
}) {
  const name = fullName(person);
  return (
    <div className={css.row}>
      <Avatar name={person.username} colorKey={person.id} src={person.profile_image} />
      <div className={css.text}>
        <span className={css.username} dir="auto">
          {person.username}
        </span>
        {name ? (
          <span className={css.detail} dir="auto">
            {name}
          </span>
        ) : null}
        {details}
      </div>
      <div className={css.actions}>{children}</div>
    </div>
  );
}
