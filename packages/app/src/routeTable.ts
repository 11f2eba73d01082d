/**
 * The spec's route table (section 2) for the routes whose screens later issues build. Each renders a
 * clearly marked placeholder until its screen lands; the list is the checklist.
 */
export interface PlannedRoute {
  path: string;
  title: string;
}

export const plannedProtectedRoutes: readonly PlannedRoute[] = [
  { path: '/user/$username', title: 'Profile' },
  { path: '/add-post', title: 'Add post' },
  { path: '/notifications', title: 'Notifications' },
  { path: '/groups', title: 'Groups' },
  { path: '/posts', title: 'Posts' },
] as const;

export const plannedPublicRoutes: readonly PlannedRoute[] = [] as const;
