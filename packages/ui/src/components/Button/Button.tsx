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
  /** While busy the button is disabled, marked aria-busy and shows `busyLabel` (if given). */
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
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
