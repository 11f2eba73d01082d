import type { PlanName } from '@parley/chat-sdk';
import { ROUTES } from '../../strings';

/** Follows an app path with the app's router when given, else with the browser. */
export function navigate(path: string, onNavigate?: (path: string) => void): void {
  if (onNavigate) onNavigate(path);
  else window.location.assign(path);
}

/** /subscribe/:plan, with the seat count for the Organization plan. */
export function subscribePath(plan: Exclude<PlanName, 'free'>, seats: number): string {
  return plan === 'organization'
    ? `${ROUTES.subscribe(plan)}?seats=${seats}`
    : ROUTES.subscribe(plan);
}

/** The page origin, for links people share (profile, invite). */
export function currentOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}
