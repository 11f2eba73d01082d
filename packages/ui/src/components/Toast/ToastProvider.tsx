import { TIMINGS } from '@parley/chat-sdk';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { UI_STRINGS } from '../../strings';
import { Toast, type ToastTone } from './Toast';
import * as css from './ToastProvider.css';

export interface ToastOptions {
  message: string;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself; defaults to the provider's autoCloseMs. */
  durationMs?: number;
}

export interface ToastApi {
  show(options: ToastOptions | string): string;
  dismiss(id: string): void;
}

interface ToastEntry {
  id: string;
  message: string;
  tone: ToastTone;
  durationMs: number;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  children?: ReactNode;
  /** Auto-close delay; the spec's app uses 3 s (TIMINGS.toastAutoCloseMs). */
  autoCloseMs?: number;
}

let counter = 0;

/**
 * Hosts toasts in a polite live region (always in the DOM, so additions are announced). Each toast
 * closes after `autoCloseMs`, pauses while hovered or focused, and can be dismissed.
 */
export function ToastProvider({
  children,
  autoCloseMs = TIMINGS.toastAutoCloseMs,
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (options: ToastOptions | string) => {
      const o = typeof options === 'string' ? { message: options } : options;
      counter += 1;
      const id = `toast-${counter}`;
      const tone = o.tone ?? 'info';
      // The same notice again (a socket rejected twice) replaces the one showing, whose time
      // starts over, instead of stacking a copy.
      setToasts((list) => [
        ...list.filter((t) => t.message !== o.message || t.tone !== tone),
        { id, message: o.message, tone, durationMs: o.durationMs ?? autoCloseMs },
      ]);
      return id;
    },
    [autoCloseMs],
  );

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section aria-label={UI_STRINGS.toast.regionLabel}>
        <ul className={css.region} aria-live="polite" aria-relevant="additions">
          {toasts.map((t) => (
            <li key={t.id}>
              <TimedToast entry={t} onDismiss={dismiss} />
            </li>
          ))}
        </ul>
      </section>
    </ToastContext.Provider>
  );
}

function TimedToast({ entry, onDismiss }: { entry: ToastEntry; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(entry.durationMs);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(entry.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, entry.id, onDismiss]);

  return (
    <Toast
      message={entry.message}
      tone={entry.tone}
      onDismiss={() => onDismiss(entry.id)}
      onPause={() => setPaused(true)}
      onResume={() => setPaused(false)}
    />
  );
}

/** Show and dismiss toasts; must be used inside ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
