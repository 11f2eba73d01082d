import { resolveStorage, type StorageLike } from './storage';

/**
 * A plan picked on the landing page before signing in. After sign-in the app clears it and goes
 * to /subscribe/:plan (spec §2, sign-in screen).
 */
export const PENDING_PLAN_KEY = 'pendingPlan';

export const PLAN_NAMES = ['free', 'personal', 'organization', 'lifetime'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

/** Reads and clears the pending plan; an unknown stored value is cleared and gives null. */
export async function takePendingPlan(storage?: StorageLike | null): Promise<PlanName | null> {
  const target = resolveStorage(storage);
  const value = await target.getItem(PENDING_PLAN_KEY);
  if (value === null) return null;
  await target.removeItem(PENDING_PLAN_KEY);
  return isPlanName(value) ? value : null;
}

export async function setPendingPlan(plan: PlanName, storage?: StorageLike | null): Promise<void> {
  await resolveStorage(storage).setItem(PENDING_PLAN_KEY, plan);
}
