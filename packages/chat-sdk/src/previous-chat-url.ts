import { resolveStorage, type StorageLike } from './storage';

/**
 * Where the user was chatting before a tier-limit action or a backup login took them away
 * (spec §7 tier_limit_warning; /google-drive/success returns to it).
 */
export const PREVIOUS_CHAT_URL_KEY = 'previousChatUrl';

/** sessionStorage when present (the trip away and back happens in one tab), else the default. */
function storageFor(storage: StorageLike | null | undefined): StorageLike {
  if (storage) return storage;
  try {
    const candidate = (globalThis as { sessionStorage?: unknown }).sessionStorage as
      | StorageLike
      | undefined;
    if (candidate && typeof candidate.getItem === 'function') return candidate;
  } catch {
    // Storage can be disabled (private mode, sandboxed iframes).
  }
  return resolveStorage(undefined);
}

/** Only same-origin paths ('/x', not '//host' or 'https://…') are kept or returned. */
function isRelativePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

export async function rememberPreviousChatUrl(
  path: string,
  storage?: StorageLike | null,
): Promise<void> {
  if (!isRelativePath(path)) return;
  await storageFor(storage).setItem(PREVIOUS_CHAT_URL_KEY, path);
}

/** Reads and clears the stored path; null when none (or not a relative path). */
export async function takePreviousChatUrl(storage?: StorageLike | null): Promise<string | null> {
  const target = storageFor(storage);
  const value = await target.getItem(PREVIOUS_CHAT_URL_KEY);
  if (value === null) return null;
  await target.removeItem(PREVIOUS_CHAT_URL_KEY);
  return isRelativePath(value) ? value : null;
}
