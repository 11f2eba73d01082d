import type { MouseEventHandler, ReactNode, Ref } from 'react';
import { button } from './Button.css';

export const BUTTON_VARIANTS = ['primary', 'secondary', 'ghost', 'danger'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_SIZES = ['sm', 'md'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export const BUTTON_TYPES = ['button', 'submit'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

export interface ButtonProps {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  type?: ButtonType;
  fullWidth?: boolean;
  disabled?: boolean;
  /**
   * While busy the button does nothing when pressed (nor submits its form), is marked aria-busy and
   * aria-disabled, and shows `busyLabel` (if given). It is not made `disabled`, so it keeps the
   * keyboard focus: a person who pressed it stays where they were when the work ends.
   */
  busy?: boolean;
  busyLabel?: ReactNode;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** Only for icon-only buttons whose children are not text. */
  'aria-label'?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button with a fixed set of variants. It deliberately does not accept `className`/`style` or
 * arbitrary DOM attributes: looks come from the theme so partner sites stay consistent.
 */
export function Button({
  children,
  variant = 'primary',
  size = 'md',
  type = 'button',
  fullWidth = false,
  disabled = false,
  busy = false,
  busyLabel,
  onClick,
  'aria-label': ariaLabel,
  ref,
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={button({ variant, size, fullWidth })}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      aria-label={ariaLabel}
      onClick={(event) => {
        // A busy button ignores presses, also the Enter that submits its form.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
