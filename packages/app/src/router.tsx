import type { ParleyClient } from '@parley/chat-sdk';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { accountRoutes, publicPageRoutes } from './accountRoutes';
import { plannedProtectedRoutes, plannedPublicRoutes } from './routeTable';

// Every route's screen is its own chunk, loaded when the route is first visited (or hovered: the
// router preloads on intent), so the sign-in page does not grow as screens are added.
const ChatRoute = lazyRouteComponent(() => import('./routes/ChatRoute'), 'ChatRoute');
const NotFoundRoute = lazyRouteComponent(() => import('./routes/NotFoundRoute'), 'NotFoundRoute');
const PlaceholderRoute = lazyRouteComponent(
  () => import('./routes/PlaceholderRoute'),
  'PlaceholderRoute',
);
const RegisterRoute = lazyRouteComponent(() => import('./routes/RegisterRoute'), 'RegisterRoute');
const SignInRoute = lazyRouteComponent(() => import('./routes/SignInRoute'), 'SignInRoute');

export interface RouterContext {
  client: ParleyClient;
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

const publicRoutes = plannedPublicRoutes.map(({ path, title }) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: () => <PlaceholderRoute title={title} />,
  }),
);

/** Every protected route sits under this pathless layout: no access token, no entry. */
const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  beforeLoad: async ({ context, location }) => {
    await context.client.ready;
    if (!context.client.session.state.accessToken) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: Outlet,
});

const protectedRoutes = plannedProtectedRoutes.map(({ path, title }) =>
  createRoute({
    getParentRoute: () => authenticatedRoute,
    path,
    component: () => <PlaceholderRoute title={title} signedIn />,
  }),
);

// The chat screen is home; the dashboard's /chat shortcut shows the same screen.
const chatRoutes = ['/', '/chat'].map((path) =>
  createRoute({ getParentRoute: () => authenticatedRoute, path, component: ChatRoute }),
);

const routeTree = rootRoute.addChildren([
  signInRoute,
  registerRoute,
  ...publicRoutes,
  ...publicPageRoutes(rootRoute),
  authenticatedRoute.addChildren([
    ...chatRoutes,
    ...protectedRoutes,
    ...accountRoutes(authenticatedRoute),
  ]),
]);

export function createAppRouter(client: ParleyClient) {
  return createRouter({
    routeTree,
    context: { client },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
