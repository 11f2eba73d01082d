import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeRoute, measureRoute, ROUTE_BUDGETS } from './routeBudgets';
import { readBuildManifest } from './routeChunks';

// Reads the real production build (`pnpm test` builds first); builds nothing itself.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = readBuildManifest(dist);

describe('route budgets (gzip JavaScript a visit loads)', () => {
  it.each(ROUTE_BUDGETS.map((route) => [route.path, route] as const))(
    '%s stays within its budget',
    (_path, route) => {
      const size = measureRoute(manifest, dist, route);
      console.log(describeRoute(size));
      expect(size.gzipKb, describeRoute(size)).toBeLessThanOrEqual(route.budgetKb);
    },
  );

  it('measures every route screen of the build', () => {
    const measured = new Set(ROUTE_BUDGETS.flatMap((route) => route.modules));
    const built = Object.keys(manifest).filter(
      (key) => key.startsWith('src/routes/') && key.endsWith('Route.tsx'),
    );
    expect(built.filter((module) => !measured.has(module))).toEqual([]);
  });
});
