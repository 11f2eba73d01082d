import { UI_STRINGS } from '../../strings';
import * as css from './Toast.css';

export const TOAST_TONES = ['info', 'success', 'error'] as const;
export type ToastTone = (typeof TOAST_TONES)[number];

export interface ToastProps {
  message: string;
  tone?: ToastTone;
  onDismiss?: () => void;
  /** Hover/focus handlers used by ToastProvider to pause the auto-close timer. */
  onPause?: () => void;
  onResume?: () => void;
}

/**
 * One notification. Shown through ToastProvider/useToast, which owns the live region and the
 * auto-close timer; rendering a Toast alone announces nothing.
 */
export function Toast({ message, tone = 'info', onDismiss, onPause, onResume }: ToastProps) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the timer (keyboard users pause it through focus); no action happens here.
    <div
      className={css.toast({ tone })}
      onPointerEnter={onPause}
      onPointerLeave={onResume}
      onFocus={onPause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onResume?.();
      }}
    >
      <p className={css.message}>{message}</p>
      {onDismiss ? (
        <button
          type="button"
          className={css.dismiss}
          aria-label={UI_STRINGS.toast.dismiss}
          onClick={onDismiss}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
