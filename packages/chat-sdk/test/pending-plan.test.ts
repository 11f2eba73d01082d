import { describe, expect, it } from 'vitest';
import { PENDING_PLAN_KEY, PLAN_NAMES, setPendingPlan, takePendingPlan } from '../src/index';
import { createInspectableStorage } from './support/test-client';

describe('pending plan', () => {
  it('is stored under pendingPlan, and taking it reads and clears it', async () => {
    const { storage, items } = createInspectableStorage();

    await setPendingPlan('organization', storage);
    expect(items.get(PENDING_PLAN_KEY)).toBe('organization');
    expect(PENDING_PLAN_KEY).toBe('pendingPlan');

    await expect(takePendingPlan(storage)).resolves.toBe('organization');
    expect(items.has(PENDING_PLAN_KEY)).toBe(false);
    await expect(takePendingPlan(storage)).resolves.toBeNull();
  });

  it('clears an unknown stored value and gives null', async () => {
    const { storage, items } = createInspectableStorage({ pendingPlan: 'platinum' });
    await expect(takePendingPlan(storage)).resolves.toBeNull();
    expect(items.size).toBe(0);
  });

  it('knows the four plans', () => {
    expect(PLAN_NAMES).toEqual(['free', 'personal', 'organization', 'lifetime']);
  });

  it('works without a storage argument (in memory outside the browser)', async () => {
    await setPendingPlan('lifetime');
    await expect(takePendingPlan()).resolves.toBe('lifetime');
  });
});
