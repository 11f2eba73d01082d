import type { ReactNode } from 'react';
import { UI_STRINGS } from '../../strings';
import * as css from '../private/NoticePage.css';

export interface PlaceholderScreenProps {
  /** The screen's name, e.g. 'Settings'. */
  title: string;
  /** Where the real screen is tracked, e.g. '#12'. */
  issue?: string;
  /** Whatever the route can already offer meanwhile (e.g. who is signed in, a way out). */
  children?: ReactNode;
}

/** Stands in for routes whose screens later issues build; says so plainly instead of pretending. */
export function PlaceholderScreen({ title, issue, children }: PlaceholderScreenProps) {
  return (
    <main className={css.page} data-placeholder="true">
      <h1 className={css.title}>{title}</h1>
      <p className={css.text}>
        {UI_STRINGS.placeholder.notBuilt}
        {issue ? ` ${UI_STRINGS.placeholder.trackedIn(issue)}` : null}
      </p>
      {children}
    </main>
  );
}
