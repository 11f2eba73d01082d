import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Everything the server writes is readable by its own user only. */
export const PRIVATE_UMASK = 0o077;
const OTHERS = 0o077;

/**
 * Makes every file this process creates private, whatever umask it was started with: PGlite
 * creates its files itself (with 0666 before the umask), so a per-file mode cannot reach them.
 * Only the main thread may change the umask.
 */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Creates the data directory with mode 0700, or narrows an existing one to 0700. Returns true
 * when it existed with permissions for others (made by an older version or by hand), so that the
 * caller can narrow what is inside once it holds the lock.
 */
export async function preparePrivateDir(dir: string): Promise<boolean> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode } = await lstat(dir);
  if ((mode & OTHERS) === 0) return false;
  await chmod(dir, mode & 0o700);
  return true;
}

/** Removes group and other permissions from everything under `dir`; returns how many changed. */
export async function narrowPermissions(dir: string): Promise<number> {
  let changed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Links are left alone: chmod would follow them out of the data directory.
    if (entry.isSymbolicLink()) continue;
    const { mode } = await lstat(path);
    if ((mode & OTHERS) !== 0) {
      await chmod(path, mode & 0o7700);
      changed += 1;
    }
    if (entry.isDirectory()) changed += await narrowPermissions(path);
  }
  return changed;
}
