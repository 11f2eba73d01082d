import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds the committed `drizzle/` folder by walking up from this module, so the same lookup works
 * from `src/db/` (tests, dev) and from the bundled `dist/main.js`.
 */
export function findMigrationsFolder(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`Cannot find the drizzle migrations folder above ${fileURLToPath(from)}`);
}
