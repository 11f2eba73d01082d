/**
 * The spec's route table (section 2) for the routes whose screens later issues build. Each renders a
 * clearly marked placeholder until its screen lands; the list is the checklist.
 */
export interface PlannedRoute {
  path: string;
  title: string;
}

export const plannedProtectedRoutes: readonly PlannedRoute[] = [
  { path: '/settings', title: 'Settings' },
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/join-org/$token', title: 'Join organisation' },
  { path: '/organization/members', title: 'Organisation members' },
  { path: '/subscribe/$plan', title: 'Subscribe' },
  { path: '/google-drive/login', title: 'Google Drive' },
  { path: '/google-drive/success', title: 'Google Drive connected' },
  { path: '/billing', title: 'Billing' },
] as const;

export const plannedPublicRoutes: readonly PlannedRoute[] = [
  { path: '/Landing-page', title: 'Parley' },
  { path: '/privacy', title: 'Privacy policy' },
  { path: '/terms', title: 'Terms of service' },
] as const;
