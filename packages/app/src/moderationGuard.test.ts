import type { CurrentUser } from '@parley/chat-sdk';
import type { SessionClient } from '@parley/chat-sdk/auth';
import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { guardModeration } from './moderationGuard';

/** A session client whose stored user has `stored` flags and whose fresh /me has `fresh`. */
function clientWith(stored: Partial<CurrentUser> | null, fresh: Partial<CurrentUser> | null) {
  let asked = 0;
  const client = {
    session: {
      state: { user: stored },
      refreshUser: async () => {
        asked++;
        return fresh;
      },
    },
  } as unknown as SessionClient;
  return { context: { client }, asked: () => asked };
}

describe('the /moderation guard', () => {
  it('lets moderators and staff in without asking the server again', async () => {
    for (const flags of [{ moderator: true }, { staff: true }]) {
      const visit = clientWith(flags, null);
      await expect(guardModeration(visit)).resolves.toBeUndefined();
      expect(visit.asked()).toBe(0);
    }
  });

  it('answers not found to members and to a spec-only backend (no flags at all)', async () => {
    for (const user of [{ moderator: false, staff: false }, {}, null]) {
      const visit = clientWith(user, user);
      const error = await guardModeration(visit).catch((thrown: unknown) => thrown);
      expect(isNotFound(error)).toBe(true);
    }
  });

  it('asks the server once when the stored user predates a grant', async () => {
    const visit = clientWith({ moderator: false }, { moderator: true });
    await expect(guardModeration(visit)).resolves.toBeUndefined();
    expect(visit.asked()).toBe(1);
  });
});
