/** The subset of Web Storage the sdk needs; async implementations (React Native, IndexedDB) fit too. */
export interface StorageLike {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

/** A storage that forgets on reload: used where no localStorage exists (Node, SSR). */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

/** globalThis.localStorage when it exists and works; read lazily, never at import time. */
export function browserStorage(): StorageLike | null {
  try {
    const candidate = (globalThis as { localStorage?: unknown }).localStorage as
      | StorageLike
      | undefined;
    // Some runtimes (Node ≥ 25 without --localstorage-file) expose an object lacking the methods.
    if (candidate && typeof candidate.getItem === 'function') return candidate;
  } catch {
    // Access can throw when storage is disabled (Safari private mode, sandboxed iframes).
  }
  return null;
}

let fallbackStorage: StorageLike | undefined;

/** The given storage, else localStorage, else one process-wide memory storage. */
export function resolveStorage(storage: StorageLike | null | undefined): StorageLike {
  if (storage) return storage;
  const browser = browserStorage();
  if (browser) return browser;
  fallbackStorage ??= createMemoryStorage();
  return fallbackStorage;
}
