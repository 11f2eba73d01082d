import type { ReactNode } from 'react';
import { visuallyHidden } from '../../theme/baseTheme.css';
import * as css from './field.css';

/** The id of a field's error message, for the control's `aria-describedby`. */
export function fieldErrorId(controlId: string): string {
  return `${controlId}-error`;
}

interface FieldFrameProps {
  controlId: string;
  label: string;
  hideLabel?: boolean;
  error?: string | null;
  children: ReactNode;
}

/** Label above, control, error below: the frame TextField and Select share. */
export function FieldFrame({ controlId, label, hideLabel, error, children }: FieldFrameProps) {
  return (
    <div className={css.field}>
      <label htmlFor={controlId} className={hideLabel ? visuallyHidden : css.label}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={fieldErrorId(controlId)} className={css.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
