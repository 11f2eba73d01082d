import type { SessionClient } from '@parley/chat-sdk/auth';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { accountRoutes, publicPageRoutes } from './accountRoutes';
import { validateChatSearch } from './chatSearch';
import type { WholeClientLoader } from './wholeClient';

// Every route's screen is its own chunk, loaded when the route is first visited (or hovered: the
// router preloads on intent), so the sign-in page does not grow as screens are added.
const AuthenticatedLayout = lazyRouteComponent(
  () => import('./routes/AuthenticatedLayout'),
  'AuthenticatedLayout',
);
const ChatRoute = lazyRouteComponent(() => import('./routes/ChatRoute'), 'ChatRoute');
const NotFoundRoute = lazyRouteComponent(() => import('./routes/NotFoundRoute'), 'NotFoundRoute');
const RegisterRoute = lazyRouteComponent(() => import('./routes/RegisterRoute'), 'RegisterRoute');
const SignInRoute = lazyRouteComponent(() => import('./routes/SignInRoute'), 'SignInRoute');
const ProfileRoute = lazyRouteComponent(() => import('./routes/ProfileRoute'), 'ProfileRoute');
const NotificationsRoute = lazyRouteComponent(
  () => import('./routes/NotificationsRoute'),
  'NotificationsRoute',
);
const AddPostRoute = lazyRouteComponent(() => import('./routes/AddPostRoute'), 'AddPostRoute');
const PostsRoute = lazyRouteComponent(() => import('./routes/PostsRoute'), 'PostsRoute');
const GroupsRoute = lazyRouteComponent(() => import('./routes/GroupsRoute'), 'GroupsRoute');

export interface RouterContext {
  /** The session part of the sdk client, there from the start. */
  client: SessionClient;
  /** The whole client (socket, chat, calls…), loaded when a signed-in page first opens. */
  wholeClient: WholeClientLoader;
}

interface SignInSearch {
  redirect?: string;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundRoute,
});

/** Signed-in people have no business on the sign-in screens: send them on. */
async function redirectIfSignedIn({ context }: { context: RouterContext }) {
  await context.client.ready;
  if (context.client.session.state.accessToken) throw redirect({ to: '/' });
}

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): SignInSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: redirectIfSignedIn,
  component: SignInRoute,
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  beforeLoad: redirectIfSignedIn,
  component: RegisterRoute,
});

/** Every protected route sits under this pathless layout: no access token, no entry. */
const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  beforeLoad: async ({ context, location }) => {
    await context.client.ready;
    if (!context.client.session.state.accessToken) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    // Loaded beside the layout's own chunk (the router runs beforeLoad before the component).
    await context.wholeClient.load();
  },
  component: AuthenticatedLayout,
});

/**
 * How long entering the chat may wait for the chat list (ms). A list that is already on its way
 * (route-preload.js asked for it while the page loaded, see prefetchedFetch.ts) is then in the
 * screen's first drawing instead of a 'Loading chats...' line replaced a moment later; a slower
 * one is not waited for.
 */
const CHAT_LIST_WAIT_MS = 300;

/**
 * On the first visit, starts loading the chat list (the screen reuses this load) and waits for it
 * a little; later the screen opens at once with the list it has, and refreshes it.
 */
async function chatListSoon({ context }: { context: RouterContext }): Promise<void> {
  const list = context.wholeClient.current()?.chatList;
  if (!list || list.state.loaded) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    list.load({ reuseWithinMs: CHAT_LIST_WAIT_MS }),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CHAT_LIST_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

// The chat screen is home; the dashboard's /chat shortcut shows the same screen.
// The open chat is the `room` search parameter (validated here, so the screen chunk stays lazy).
const chatRoutes = ['/', '/chat'].map((path) =>
  createRoute({
    getParentRoute: () => authenticatedRoute,
    path,
    validateSearch: validateChatSearch,
    // On entering only: opening a chat (a new `room`) does not reload the list.
    loader: chatListSoon,
    shouldReload: false,
    component: ChatRoute,
  }),
);

// The social screens (issue 9).
const socialRoutes = [
  { path: '/user/$username', component: ProfileRoute },
  { path: '/notifications', component: NotificationsRoute },
  { path: '/add-post', component: AddPostRoute },
  { path: '/posts', component: PostsRoute },
  { path: '/groups', component: GroupsRoute },
].map(({ path, component }) =>
  createRoute({ getParentRoute: () => authenticatedRoute, path, component }),
);

const routeTree = rootRoute.addChildren([
  signInRoute,
  registerRoute,
  ...publicPageRoutes(rootRoute),
  authenticatedRoute.addChildren([
    ...chatRoutes,
    ...socialRoutes,
    ...accountRoutes(authenticatedRoute),
  ]),
]);

export function createAppRouter(client: SessionClient, wholeClient: WholeClientLoader) {
  return createRouter({
    routeTree,
    context: { client, wholeClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
