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
  /** The build's modules a visit loads before it shows (manifest keys, e.g. `src/routes/X.tsx`). */
  modules: string[];
  budgetKb: number;
  targetKb: number;
}

const route = (name: string) => [`src/routes/${name}.tsx`];
/**
 * A signed-in page shows once its route has loaded the whole sdk client (and started the hidden
 * tab's attention) beside the layout: see src/wholeClient.ts and main.tsx. Those are the entry's
 * dynamic imports other than route screens (`WHOLE_CLIENT` stands for them; every such import
 * counts, so one added later is not missed).
 */
export const WHOLE_CLIENT = '(the whole client)';
/**
 * An open conversation's body (ui: screens/Chat/private/ConversationBody.tsx, loaded on first use
 * since issue 24's stop 12): a visit whose address names a room (`/?room=…`) needs it at once.
 */
export const CONVERSATION_BODY = '(the open conversation)';
const CONVERSATION_BODY_MODULE = /\/ConversationBody-[^/]+\.js$/;
const signedIn = (name: string) => [
  WHOLE_CLIENT,
  'src/routes/AuthenticatedLayout.tsx',
  ...route(name),
];

// Budgets: the size measured when they were set (issue 24, after the sdk's session client split),
// with half a kB of room, rounded up to the next half kB. Targets: the for /login, /register and the chat; for every
// other route its size before issue 24 (so the bench shows where a route grew).
// Issue 25's conversation tools (message actions, link cards and mentions, message search,
// reactions and ticks, system rows, and the navigation with its identity menu on every signed-in
// page) raised every signed-in route by 4-6 kB and the chat and groups routes by about 15 kB
// (chat 171.9 -> 187.2 kB). Budgets reset to measured + 0.5 kB, rounded up to a half kB; /login
// and /register did not change. Taking the chat back towards its 140 kB target is issue 24's.
// Issue 25 round two (server unread counts seeding the sdk, muted chats: the chat list's mute,
// the attention's title over the sdk's counts, the conversation menu's mute items) added about
// 0.4 kB to the signed-in chunk, 0.15 kB to the chat list's chunk and 0.6 kB to the chat screen's
// (measured against the base build): budgets at the measured size rounded up to a half kB
// (chat 188.51, groups 188.29, settings 167.29, dashboard 154.79, add-post 144.06, posts 144.65,
// subscribe 145.44, billing 146.37, join-org 146.48, members 146.08, drive 147.85 / 148.0).
// Issue 25 round two, message requests (sdk chat list marks and decisions, the Requests tab,
// banner and note), measured on the req branch: /register 123.0, /Landing-page 119.1, chat 188.8,
// /add-post 143.5, /posts 144.8, /groups 188.6, /settings 166.8, /dashboard 154.3,
// /organization/members 145.5 kB; those budgets raised to the next half kB above. With the list's
// reload on a new private chat: chat 188.9, /groups 188.7, /user 149.1, /notifications 147.5,
// /subscribe 145.0, /billing 145.9, /join-org 146.0, /google-drive 147.4 and 147.5 kB.
// Issue 25 round two (surface2): the landing demo draws the chat's own bubbles and typing
// indicator on the landing page, /Landing-page 118.8 -> 134.7 kB. The bubble's code now sits in a ui
// chunk the landing and the chat share, so the chat and groups routes load one file more.
// All four round-two slices merged, measured together (gzip kB): /privacy 114.1, /terms 114.1, /nowhere (not found) 112.2, / (chat) 192.6, /user/$username 150.6, /notifications 149.0, /add-post 145.5, /posts 146.1, /groups 192.4, /settings 168.7, /dashboard 156.2, /subscribe/$plan 146.9, /billing 147.8, /join-org/$token 147.9, /organization/members 148.1, /google-drive/login 149.3, /google-drive/success 149.4;
// each budget raised to the measured size + 0.2 rounded up to a half kB.
// Issue 26 protect ('Words never translated': its strings in the ui catalog and the sdk's glossary
// calls ride in the shared chunks), measured on its branch: /nowhere (not found) 112.6, /Landing-page 135.7, /billing 148.2, /dashboard 156.6, /google-drive/login 149.7, /login 115.8, /organization/members 148.5, /posts 146.5, /privacy 114.5, /register 123.6, /settings 169.7, /terms 114.5, /user/$username 151;
// those budgets raised to measured + 0.2 rounded up to a half kB.
// Issue 26 merged (production engines, protection, trust: 'Translated by …', 'Report translation',
// 'Suggest a better translation', 'Corrected by …'), measured together (gzip kB): /Landing-page 136.9, / (chat) 194.8, /notifications 149.7, /add-post 146.2, /groups 194.5, /settings 170.1, /subscribe/$plan 147.6, /join-org/$token 148.6, /google-drive/success 150.2, /billing 148.5, /google-drive/login 150.0;
// those budgets raised to measured + 0.2 rounded up to a half kB.
// Issue 29 block (the sdk's from_blocked and block_changed, the ui's BlockedMessage, limit reasons
// shown on a refused request or message), measured on its branch (gzip kB): / (chat) 195.3,
// /groups 195.1, /Landing-page 137.0, /user/$username 151.6, /notifications 150.0, /add-post
// 146.5, /posts 147.1, /settings 170.3, /dashboard 157.2, /subscribe/$plan 147.9, /billing 148.8,
// /join-org/$token 148.9, /organization/members 149.1, /google-drive/login 150.3,
// /google-drive/success 150.4; those budgets raised to measured + 0.2 rounded up to a half kB.
// The branch base (i26-merge) was not measured: part of this may predate the branch.
// Issues 26 and 29 merged (the engines' badges and corrections badge, trust, blocked messages, the
// moderation route and its identity-menu entry, the suspension page), measured together (gzip kB):
// /login 116.5, /register 124.4, /Landing-page 137.7, /privacy 115.1, /terms 115.1, /suspended 115.1, /nowhere (not found) 113.3, / (chat) 196.8, /user/$username 152.9, /notifications 151.3, /add-post 147.8, /posts 148.3, /groups 196.5, /settings 171.8, /dashboard 158.5, /subscribe/$plan 149.1, /billing 150.0, /join-org/$token 150.2, /organization/members 150.3, /moderation 153.2, /google-drive/login 151.6, /google-drive/success 151.7;
// those budgets raised to measured + 0.2 rounded up to a half kB.
// Issue 29 ops (the operators' overview on the dashboard for staff, the Roles tab on /moderation),
// measured on its branch (gzip kB): /dashboard 159.1, /moderation 153.8; those budgets raised to
// measured + 0.2 rounded up to a half kB.
// This session's round two merged (issue 24 lazy: the chat's search panels, report dialog and
// create-group form on first use; issue 29: 'Report message', notices, the operators' overview,
// roles, post reports), measured together (gzip kB): /login 116.2, /register 124.0, / (chat) 194.2, /user/$username 153.4, /add-post 148.2, /posts 151.3, /groups 194.0, /settings 172.0, /dashboard 159.8, /moderation 154.8;
// every budget set to measured + 0.2 rounded up to a half kB (down where the route shrank).
// Issue 24 long conversation (the sdk chat store's immutable message lists, room-messages.ts: +0.3
// kB on every signed-in route, in the shared client), measured on its branch against its base
// (gzip kB): / (chat) 194.2 -> 194.5, /groups 194.0 -> 194.3, /organization/members 150.8 -> 151.1,
// /posts 151.3 -> 151.5, /dashboard 159.8 -> 160.0, /moderation 154.8 -> 155.0; the four that
// passed their budgets were raised by half a kB (the chat's stays: 194.5 is within it).
// Round six merged (issue 28's resend after a closed socket in the sdk outbox, on top of the long
// conversation's store), measured together (gzip kB): / (chat) 195.0, /groups 194.7, /add-post
// 148.5; those three set to measured + 0.2 rounded up to a half kB.
// Round six, measured in a clean clone's build (what CI builds): there rolldown splits its runtime
// and React's jsx-runtime into chunks of their own, +0.5 kB on every route against a worktree's
// build of the same code. Budgets set to that measure + 0.2 rounded up to a half kB (gzip kB):
// /notifications 152.9, /subscribe/$plan 150.5, /organization/members 151.7, /moderation 155.8, /google-drive/login 152.9, /google-drive/success 153.1, /login 116.7, /register 124.6, /Landing-page 139.1, / (chat) 195.8, /user/$username 154.5, /add-post 149.1, /posts 152.4, /groups 195.6, /settings 173.2, /dashboard 160.8, /billing 151.4, /join-org/$token 151.5.
// Issue 27 (the interface in ten languages). Measured in this worktree's build (gzip kB), three
// states: before issue 27 (the build this worktree was set up with) /login 116.2; the i18n core
// (0fc749d: Lingui's runtime and the sdk's and ui's catalogs, English only in the route, every other
// locale a chunk of its own) /login 119.4, /register 127.2, / (chat) 198.4; the app slice (the locale
// chosen before the first render, Accept-Language, the app's catalog, Settings and switcher wiring,
// which keep the sdk's locale table and Lingui's runtime in a chunk of their own) /login 121.7,
// /register 129.6, / (chat) 201.2; with the signed-out pages' language switcher (a stand-in select
// for the ui's InterfaceLanguagePicker, its name from the app catalog) and the signed-in provider
// given the locale: /login 122.6, /register 130.5, /Landing-page 145.0, /privacy 121.3, /terms 121.3, /suspended 120.5, /nowhere (not found) 118.5, / (chat) 201.7, /user/$username 160.3, /notifications 158.8, /add-post 155.0, /posts 158.2, /groups 201.5, /settings 179.3, /dashboard 166.7, /subscribe/$plan 156.4, /billing 157.3, /join-org/$token 157.4, /organization/members 157.6, /moderation 161.6, /google-drive/login 158.8, /google-drive/success 158.9;
// every budget set to measured + 0.2 rounded up to a half kB. An English visit downloads no other
// locale's messages (routeBudgets.test.ts checks it); one locale's catalog, downloaded only when the
// interface speaks it, is today sdk 0.5 + app 0.14 kB (the ui's grows as its translations land).
// Issue 27 merged (every ui words module in the catalog with its compiled English ICU messages, the
// provider's locale, InterfaceLanguagePicker on signed-out pages, dates in the interface locale):
// /login 127.6 (116.2 before the issue: +11.4 kB, within the 16.2 kB a Spanish visit adds for its
// catalog: ui 15.5 + sdk 0.5 + app 0.2), /register 135.5, / (chat) 207.0; every budget set to
// measured + 0.7 rounded up to a half kB (a clean clone's build measures ~0.5 kB more per route).
// Rolling restarts (stop 9): the sdk's chat store fills the gap a rejoin's history leaves over REST
// and gives up a handshake nobody answers, +0.3-0.4 kB in the signed-in chunk. Measured in a clean
// clone's build (gzip kB): / (chat) 207.8, /user/$username 165.5, /posts 163.4, /groups 207.6,
// /settings 186.4, /dashboard 172.2, /moderation 166.6; those budgets set to measured + 0.2 rounded
// up to a half kB (the chat's stays 208; the others still had that room). With the chat list's
// reload after a reconnect: / (chat) 207.9, /groups 207.7.
// Stop 10: the sdk sends a long queue at half the person's frame budget (a reconnect lost 42 of
// 80 messages written offline to `rate_limited` before): +0.1-0.2 kB in the signed-in chunk. Clean
// clone: / (chat) 208.1, /groups 207.9 (both budgets 208); the chat's set to 208.5.
// Preact (this session, stop 11): the app renders with Preact through preact/compat
// (vite.config.ts), React DOM's 62 kB out of every route. Measured in this worktree's build (gzip
// kB): /login 70.5, /register 78.9, /Landing-page 94.4, /privacy 69.6, /terms 69.6, /suspended
// 68.1, /nowhere (not found) 65.8, / (chat) 150.6, /user/$username 108.4, /notifications 106.1,
// /add-post 102.3, /posts 106.3, /groups 150.4, /settings 129.0, /dashboard 115.2,
// /subscribe/$plan 103.9, /billing 105.5, /join-org/$token 105.0, /organization/members 105.1,
// /moderation 109.6, /google-drive/login 106.9, /google-drive/success 107.1; every budget set to
// measured + 0.7 rounded up to a half kB (a clean clone's build measures up to ~0.5 kB more).
// Stop 13: shared chunks under 8 kB of source are inlined into their importers (vite.config.ts,
// INLINED_CHUNK_MAX_BYTES): a first visit makes about half the requests (/login 20 → 12 files,
// / (chat) 39 → 18, /posts 37 → 17), which on Lighthouse's mobile preset took / from FCP 2.0 s and
// LCP 2.6 s to 1.8 and 2.3 s (HTTP/1.1's six connections per origin: every further round of
// requests is a round trip); the copies add 2-3 kB per route and 8 kB to a cold room address.
// Measured (gzip kB): /login 73.2, /register 81.5, /Landing-page 96.7, /privacy 73.2, /terms 73.2, /suspended 72.2, /nowhere (not found) 70.1, / (chat) 127.0, /?room=… (a conversation) 161.2, /user/$username 110.7, /add-post 102.6, /posts 109.1, /groups 126.6, /settings 131.9, /dashboard 118.3, /subscribe/$plan 105.8, /billing 106.5, /join-org/$token 106.4, /organization/members 106.2, /moderation 111.2, /google-drive/login 107.4, /google-drive/success 107.5; those budgets set to measured + 0.7 rounded up
// to a half kB.
export const ROUTE_BUDGETS: RouteBudget[] = [
  { path: '/login', modules: route('SignInRoute'), budgetKb: 74, targetKb: 90 },
  { path: '/register', modules: route('RegisterRoute'), budgetKb: 82.5, targetKb: 90 },
  { path: '/Landing-page', modules: route('LandingRoute'), budgetKb: 97.5, targetKb: 142.3 },
  { path: '/privacy', modules: route('PrivacyRoute'), budgetKb: 74, targetKb: 137.4 },
  { path: '/terms', modules: route('TermsRoute'), budgetKb: 74, targetKb: 137.4 },
  // Issue 29 modui: the notice of a suspended account (public: the session is over), measured on
  // its branch: 114.6 kB; budget measured + 0.2 rounded up to a half kB, target the measured size.
  { path: '/suspended', modules: route('SuspendedRoute'), budgetKb: 73, targetKb: 114.6 },
  {
    path: '/nowhere (not found)',
    modules: route('NotFoundRoute'),
    budgetKb: 71,
    targetKb: 135.4,
  },
  // Stop 12: the open conversation's body (message list, virtualizer, bubbles, composer) loads on
  // first use, asked for once the chat list has drawn: / 150.6 -> 123.8 kB, /groups 150.4 -> 123.6.
  // An address naming a room needs the body at once (route-preload.js fetches it beside the
  // rest): 153.0 kB, its target the chat route's size before the split. Budgets measured + 0.7.
  { path: '/ (chat)', modules: signedIn('ChatRoute'), budgetKb: 128, targetKb: 140 },
  {
    path: '/?room=… (a conversation)',
    modules: [...signedIn('ChatRoute'), CONVERSATION_BODY],
    budgetKb: 162,
    targetKb: 150.6,
  },
  { path: '/user/$username', modules: signedIn('ProfileRoute'), budgetKb: 111.5, targetKb: 144 },
  {
    path: '/notifications',
    modules: signedIn('NotificationsRoute'),
    budgetKb: 107,
    targetKb: 142.5,
  },
  { path: '/add-post', modules: signedIn('AddPostRoute'), budgetKb: 103.5, targetKb: 139.1 },
  // Issue 29 (slice post): 'Report post' on feed cards brings the report dialog (Modal, shared
  // with the profile) into /posts: 150.6 kB measured on its branch.
  { path: '/posts', modules: signedIn('PostsRoute'), budgetKb: 110, targetKb: 138.8 },
  { path: '/groups', modules: signedIn('GroupsRoute'), budgetKb: 127.5, targetKb: 168.1 },
  { path: '/settings', modules: signedIn('SettingsRoute'), budgetKb: 133, targetKb: 162 },
  { path: '/dashboard', modules: signedIn('DashboardRoute'), budgetKb: 119, targetKb: 149.8 },
  {
    path: '/subscribe/$plan',
    modules: signedIn('SubscribeRoute'),
    budgetKb: 106.5,
    targetKb: 140.1,
  },
  { path: '/billing', modules: signedIn('BillingRoute'), budgetKb: 107.5, targetKb: 141.1 },
  { path: '/join-org/$token', modules: signedIn('JoinOrgRoute'), budgetKb: 107.5, targetKb: 141.2 },
  {
    path: '/organization/members',
    modules: signedIn('OrgMembersRoute'),
    budgetKb: 107,
    targetKb: 141.5,
  },
  // Issue 29 modui: the review queue and audit log (moderators and staff only), measured on its
  // branch: 152.2 kB (its own chunk 5.2 kB beside the signed-in routes' files); budget measured + 0.2
  // rounded up to a half kB, target the measured size.
  {
    path: '/moderation',
    modules: signedIn('ModerationRoute'),
    budgetKb: 112,
    targetKb: 152.2,
  },
  {
    path: '/google-drive/login',
    modules: signedIn('GoogleDriveLoginRoute'),
    budgetKb: 108.5,
    targetKb: 142.6,
  },
  {
    path: '/google-drive/success',
    modules: signedIn('GoogleDriveSuccessRoute'),
    budgetKb: 108.5,
    targetKb: 142.7,
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

/** Each file a visit loads: the entry's and the route modules' static imports. */
export function routeFiles(manifest: BuildManifest, route: RouteBudget): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const wholeClient = (entry?.dynamicImports ?? []).filter((key) => !key.startsWith('src/routes/'));
  const body = Object.keys(manifest).filter((key) => CONVERSATION_BODY_MODULE.test(key));
  const modules = route.modules.flatMap((module) =>
    module === WHOLE_CLIENT ? wholeClient : module === CONVERSATION_BODY ? body : [module],
  );
  return [...new Set(modules.flatMap((module) => filesForRoute(manifest, module)))];
}

/** Each file a visit loads (the entry's and the route modules' static imports), gzipped alone. */
export function measureRoute(manifest: BuildManifest, dist: string, route: RouteBudget): RouteSize {
  const files = routeFiles(manifest, route).map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(dist, file))).length,
  }));
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
