import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guardModeration } from './moderationGuard';

// Each route's screen is its own chunk, loaded on first visit (see router.tsx).
const lazy = {
  SettingsRoute: lazyRouteComponent(() => import('./routes/SettingsRoute'), 'SettingsRoute'),
  DashboardRoute: lazyRouteComponent(() => import('./routes/DashboardRoute'), 'DashboardRoute'),
  SubscribeRoute: lazyRouteComponent(() => import('./routes/SubscribeRoute'), 'SubscribeRoute'),
  BillingRoute: lazyRouteComponent(() => import('./routes/BillingRoute'), 'BillingRoute'),
  JoinOrgRoute: lazyRouteComponent(() => import('./routes/JoinOrgRoute'), 'JoinOrgRoute'),
  OrgMembersRoute: lazyRouteComponent(() => import('./routes/OrgMembersRoute'), 'OrgMembersRoute'),
  ModerationRoute: lazyRouteComponent(() => import('./routes/ModerationRoute'), 'ModerationRoute'),
  GoogleDriveLoginRoute: lazyRouteComponent(
    () => import('./routes/GoogleDriveLoginRoute'),
    'GoogleDriveLoginRoute',
  ),
  GoogleDriveSuccessRoute: lazyRouteComponent(
    () => import('./routes/GoogleDriveSuccessRoute'),
    'GoogleDriveSuccessRoute',
  ),
  LandingRoute: lazyRouteComponent(() => import('./routes/LandingRoute'), 'LandingRoute'),
  PrivacyRoute: lazyRouteComponent(() => import('./routes/PrivacyRoute'), 'PrivacyRoute'),
  TermsRoute: lazyRouteComponent(() => import('./routes/TermsRoute'), 'TermsRoute'),
  SuspendedRoute: lazyRouteComponent(() => import('./routes/SuspendedRoute'), 'SuspendedRoute'),
};

function routesUnder(parent: AnyRoute, table: Record<string, keyof typeof lazy>) {
  return Object.entries(table).map(([path, name]) =>
    createRoute({ getParentRoute: () => parent, path, component: lazy[name] }),
  );
}

/** Settings, plans, billing, organisations and file backup: signed-in routes. */
export function accountRoutes(parent: AnyRoute) {
  // The review queue and audit log (issue 29): moderators and staff only (see moderationGuard).
  const moderation = createRoute({
    getParentRoute: () => parent,
    path: '/moderation',
    beforeLoad: guardModeration,
    component: lazy.ModerationRoute,
  });
  return [
    moderation,
    ...routesUnder(parent, {
      '/settings': 'SettingsRoute',
      '/dashboard': 'DashboardRoute',
      '/subscribe/$plan': 'SubscribeRoute',
      '/billing': 'BillingRoute',
      '/join-org/$token': 'JoinOrgRoute',
      '/organization/members': 'OrgMembersRoute',
      '/google-drive/login': 'GoogleDriveLoginRoute',
      '/google-drive/success': 'GoogleDriveSuccessRoute',
    }),
  ];
}

/**
 * The landing page (the spec's 'Landing-page' path), the legal pages and the notice of a
 * suspended account (issue 29; the session is already over when it shows): public.
 */
export function publicPageRoutes(parent: AnyRoute) {
  return routesUnder(parent, {
    '/Landing-page': 'LandingRoute',
    '/privacy': 'PrivacyRoute',
    '/terms': 'TermsRoute',
    '/suspended': 'SuspendedRoute',
  });
}
