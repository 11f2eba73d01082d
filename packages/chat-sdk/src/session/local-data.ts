import { PENDING_PLAN_KEY } from '../pending-plan';
import { PREVIOUS_CHAT_URL_KEY } from '../previous-chat-url';
import type { StorageLike } from '../storage';
import { SIGNED_OUT_LOCALE_KEY } from './interface-language';
import { PERSIST_KEY } from './persistence';

/**
 * Every key Parley keeps in the browser's storage. Logout clears them all (spec §7: "local
 * storage is cleared"); keys of the site embedding Parley are left alone.
 */
export const PARLEY_STORAGE_KEYS = [
  PERSIST_KEY,
  PENDING_PLAN_KEY,
  PREVIOUS_CHAT_URL_KEY,
  SIGNED_OUT_LOCALE_KEY,
] as const;

function sessionStorageOrNull(): StorageLike | null {
  try {
    const candidate = (globalThis as { sessionStorage?: unknown }).sessionStorage as
      | StorageLike
      | undefined;
    if (candidate && typeof candidate.removeItem === 'function') return candidate;
  } catch {
    // Storage can be disabled (private mode, sandboxed iframes).
  }
  return null;
}

/** Removes every Parley key from `storage` and from sessionStorage (previousChatUrl lives there). */
export async function clearParleyStorage(storage: StorageLike): Promise<void> {
  const targets = new Set<StorageLike>([storage]);
  const session = sessionStorageOrNull();
  if (session) targets.add(session);
  for (const target of targets) {
    for (const key of PARLEY_STORAGE_KEYS) await target.removeItem(key);
  }
}
