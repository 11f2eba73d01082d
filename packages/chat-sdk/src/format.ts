import { LIMITS, TIMINGS } from './constants';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A message timestamp as the chat shows it (spec §5), in local time: today 'HH:mm', earlier
 * this year 'd MMM', otherwise 'dd/MM/yyyy'. An unreadable date gives ''.
 */
export function formatMessageTime(at: Date | string | number, now: Date = new Date()): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  if (sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate()) {
    return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  }
  if (sameYear) return `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A notification badge: counts above 99 read '99+' (spec §9). */
export function formatBadgeCount(count: number): string {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  return n > LIMITS.badgeCap ? `${LIMITS.badgeCap}+` : String(n);
}

/** A file size in KB with one decimal, e.g. '12.3 KB' (spec §9 shows sizes in KB). */
export function formatFileSize(bytes: number): string {
  const kb = Number.isFinite(bytes) && bytes > 0 ? bytes / 1024 : 0;
  return `${kb.toFixed(1)} KB`;
}

export type Debounced<A extends unknown[]> = ((...args: A) => void) & {
  /** Drops a pending call. */
  cancel(): void;
  /** Runs a pending call now. */
  flush(): void;
};

/** Calls `fn` once `ms` have passed without another call (searches use 300 ms, spec §5). */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number = TIMINGS.searchDebounceMs,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const run = () => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };

  const debounced = (...args: A) => {
    pending = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  return debounced;
}

/** A duration as m:ss (h:mm:ss past an hour): the call timer and a call's recorded length. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
