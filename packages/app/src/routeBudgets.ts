import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildManifest, filesForRoute } from './routeChunks';

/**
 * How much gzipped JavaScript each route may make a browser run before it shows (issue 24). The
 * budget is what CI enforces; the target is the aim, printed by the bench as pass or miss.
 * A budget only goes up on purpose, with the reason beside it.
 */
export interface RouteBudget {
  /** A path the route answers, as a person types it. */
  path: string;
  /** The route modules a visit loads, outermost layout first (`src/routes/X.tsx`). */
  modules: string[];
  budgetKb: number;
  targetKb: number;
}

const SIGNED_IN = 'AuthenticatedLayout';
const signedIn = (route: string) => [SIGNED_IN, route];

// Budgets: the size measured when they were set (issue 24), rounded up to the next half kB.
export const ROUTE_BUDGETS: RouteBudget[] = [
  { path: '/login', modules: ['SignInRoute'], budgetKb: 139, targetKb: 90 },
  { path: '/register', modules: ['RegisterRoute'], budgetKb: 142.5, targetKb: 90 },
  { path: '/Landing-page', modules: ['LandingRoute'], budgetKb: 142.5, targetKb: 142.5 },
  { path: '/privacy', modules: ['PrivacyRoute'], budgetKb: 137.5, targetKb: 137.5 },
  { path: '/terms', modules: ['TermsRoute'], budgetKb: 137.5, targetKb: 137.5 },
  { path: '/nowhere (not found)', modules: ['NotFoundRoute'], budgetKb: 135.5, targetKb: 135.5 },
  { path: '/ (chat)', modules: signedIn('ChatRoute'), budgetKb: 169.5, targetKb: 140 },
  { path: '/user/$username', modules: signedIn('ProfileRoute'), budgetKb: 145, targetKb: 145 },
  { path: '/notifications', modules: signedIn('NotificationsRoute'), budgetKb: 143, targetKb: 143 },
  { path: '/add-post', modules: signedIn('AddPostRoute'), budgetKb: 140, targetKb: 140 },
  { path: '/posts', modules: signedIn('PostsRoute'), budgetKb: 139.5, targetKb: 139.5 },
  { path: '/groups', modules: signedIn('GroupsRoute'), budgetKb: 169, targetKb: 169 },
  { path: '/settings', modules: signedIn('SettingsRoute'), budgetKb: 163, targetKb: 163 },
  { path: '/dashboard', modules: signedIn('DashboardRoute'), budgetKb: 150.5, targetKb: 150.5 },
  { path: '/subscribe/$plan', modules: signedIn('SubscribeRoute'), budgetKb: 141, targetKb: 141 },
  { path: '/billing', modules: signedIn('BillingRoute'), budgetKb: 142, targetKb: 142 },
  { path: '/join-org/$token', modules: signedIn('JoinOrgRoute'), budgetKb: 142, targetKb: 142 },
  {
    path: '/organization/members',
    modules: signedIn('OrgMembersRoute'),
    budgetKb: 142,
    targetKb: 142,
  },
  {
    path: '/google-drive/login',
    modules: signedIn('GoogleDriveLoginRoute'),
    budgetKb: 143.5,
    targetKb: 143.5,
  },
  {
    path: '/google-drive/success',
    modules: signedIn('GoogleDriveSuccessRoute'),
    budgetKb: 143.5,
    targetKb: 143.5,
  },
];

export interface RouteFile {
  file: string;
  gzipBytes: number;
}

export interface RouteSize {
  route: RouteBudget;
  files: RouteFile[];
  gzipKb: number;
}

/** Each file a visit loads (the entry's and the route modules' static imports), gzipped alone. */
export function measureRoute(manifest: BuildManifest, dist: string, route: RouteBudget): RouteSize {
  const files = [
    ...new Set(
      route.modules.flatMap((module) => filesForRoute(manifest, `src/routes/${module}.tsx`)),
    ),
  ].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(dist, file))).length }));
  const gzipKb = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  return { route, files, gzipKb };
}

/** `/login  96.1 kB (budget 97, target 90) in 9 files: index-….js 80.8, …` — largest file first. */
export function describeRoute({ route, files, gzipKb }: RouteSize): string {
  const list = [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `${path.basename(file.file)} ${(file.gzipBytes / 1024).toFixed(1)}`)
    .join(', ');
  return `${route.path}  ${gzipKb.toFixed(1)} kB gzip (budget ${route.budgetKb}, target ${route.targetKb}) in ${files.length} files: ${list}`;
}
