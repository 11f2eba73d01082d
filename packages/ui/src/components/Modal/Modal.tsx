import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { useStableId } from '../private/useStableId';
import * as css from './Modal.css';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom, e.g. <Button onClick={onClose}>Got it</Button>. */
  actions?: ReactNode;
  /** Omit the × button when the actions already offer a way out. */
  hideCloseButton?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> element (top layer, inert background). Focus moves into the
 * dialog, Tab cycles inside it, Escape closes it, and focus returns to where it was. It renders in
 * place rather than in a portal so the theme's CSS variables still apply.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  hideCloseButton = false,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useStableId();
  const descriptionId = useStableId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // Handled here too (not only by the dialog's cancel event) so synthetic keyboard input and
      // older browsers behave the same; preventDefault stops the native cancel from doubling it.
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={css.dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className={css.inner}>
        <div className={css.header}>
          <h2 id={titleId} className={css.title}>
            {title}
          </h2>
          {hideCloseButton ? null : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={UI_STRINGS.modal.close}
              onClick={() => onCloseRef.current()}
            >
              <span aria-hidden="true">×</span>
            </Button>
          )}
        </div>
        {description ? (
          <p id={descriptionId} className={css.description}>
            {description}
          </p>
        ) : null}
        {children}
        {actions ? <div className={css.actions}>{actions}</div> : null}
      </div>
    </dialog>
  );
}
