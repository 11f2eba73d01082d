import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeRoute, measureRoute, ROUTE_BUDGETS } from './routeBudgets';
import { filesForRoute, readBuildManifest } from './routeChunks';

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

  it('an English visit loads no other locale: each catalog of a locale is a chunk of its own (issue 27)', () => {
    const localeChunks = Object.entries(manifest)
      .filter(([key]) => /\/i18n\/compiled\/(?!en\.)[a-z]{2}\.(ts|js)$/.test(key))
      .map(([, chunk]) => chunk.file);
    expect(localeChunks.length).toBeGreaterThanOrEqual(9);
    for (const route of ['src/routes/SignInRoute.tsx', 'src/routes/LandingRoute.tsx']) {
      const loaded = filesForRoute(manifest, route);
      expect(loaded.filter((file) => localeChunks.includes(file))).toEqual([]);
    }
  });
});
