import type { CurrentUser, OrganizationMembersResponse } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_MESSAGES } from '../src/organizations/organizationStore.js';
import { buyInTestMode } from './support/billing.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let client: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ payments: {} });
  client = server.client();
});
afterAll(() => server?.close());

async function me(user: ChatUser): Promise<CurrentUser> {
  return (await client.get<CurrentUser>('/accounts/me/', { token: user.token })).body;
}

async function organization(seats = 10) {
  const admin = await createChatUser(server);
  const bought = await buyInTestMode(client, admin.token, 'organization', seats);
  return { admin, token: bought.org_invite_token as string };
}

function join(user: ChatUser, token: unknown) {
  return client.post<CurrentUser & { detail?: string }>(
    '/accounts/join-org/',
    { token },
    {
      token: user.token,
    },
  );
}

function members(user: ChatUser) {
  return client.get<OrganizationMembersResponse & { detail?: string }>(
    '/accounts/organization/members/',
    { token: user.token },
  );
}

function remove(user: ChatUser, id: number | string) {
  return client.request<{ detail?: string }>(
    'DELETE',
    `/accounts/organization/members/${id}/`,
    undefined,
    { token: user.token },
  );
}

describe('organisations', () => {
  it('the buyer administers an organisation listed with them first', async () => {
    const { admin } = await organization();
    const list = await members(admin);
    expect(list.status).toBe(200);
    expect(list.body.max_users).toBe(10);
    expect(list.body.members).toEqual([
      {
        id: admin.id,
        username: admin.username,
        profile_image: null,
        email: `${admin.username}@example.com`,
      },
    ]);
  });

  it('a member joins with the invite token, gets the paid plan, and loses it when removed', async () => {
    const { admin, token } = await organization();
    const member = await createChatUser(server);
    const joined = await join(member, token);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      subscription_active: true,
      is_org_admin: false,
      org_invite_token: token,
      org_max_users: 10,
    });
    expect((await join(member, token)).status).toBe(200);
    const list = await members(admin);
    expect(list.body.members.map((m) => m.id)).toEqual([admin.id, member.id]);
    expect((await me(admin)).org_members.map((m) => m.id)).toEqual([admin.id, member.id]);
    expect((await me(member)).org_members).toEqual([]);

    const removed = await remove(admin, member.id);
    expect(removed.status).toBe(204);
    expect(await me(member)).toMatchObject({ subscription_active: false, org_invite_token: null });
    expect((await members(admin)).body.members.map((m) => m.id)).toEqual([admin.id]);
    expect((await remove(admin, member.id)).status).toBe(404);
  });

  it('refuses bad tokens with the invalid-token message', async () => {
    const user = await createChatUser(server);
    for (const token of ['not-a-token', '', 42, null]) {
      const response = await join(user, token);
      expect(response.status).toBe(400);
    }
    const wrong = await join(user, 'x'.repeat(30));
    expect(wrong.body.detail).toBe(ORGANIZATION_MESSAGES.invalidToken);
    expect((await me(user)).subscription_active).toBe(false);
  });

  it('never seats more members than bought, even when they join at once', async () => {
    const { admin, token } = await organization(10);
    const people = await Promise.all(Array.from({ length: 12 }, () => createChatUser(server)));
    const answers = await Promise.all(people.map((person) => join(person, token)));
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    // The administrator holds one of the ten seats.
    expect(accepted).toHaveLength(9);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.body.detail).toBe(ORGANIZATION_MESSAGES.full);
    expect((await members(admin)).body.members).toHaveLength(10);
  });

  it('a member of one organisation cannot join another', async () => {
    const first = await organization();
    const second = await organization();
    const member = await createChatUser(server);
    expect((await join(member, first.token)).status).toBe(200);
    const other = await join(member, second.token);
    expect(other.status).toBe(409);
    expect(other.body.detail).toBe(ORGANIZATION_MESSAGES.otherOrganization);
  });

  it('only the administrator lists or removes members, and cannot remove themself', async () => {
    const { admin, token } = await organization();
    const member = await createChatUser(server);
    const outsider = await createChatUser(server);
    await join(member, token);
    for (const who of [member, outsider]) {
      const list = await members(who);
      expect(list.status).toBe(403);
      expect(list.body.detail).toBe(ORGANIZATION_MESSAGES.adminOnly);
      expect((await remove(who, member.id)).status).toBe(403);
      expect((await remove(who, admin.id)).status).toBe(403);
    }
    const self = await remove(admin, admin.id);
    expect(self.status).toBe(400);
    expect(self.body.detail).toBe(ORGANIZATION_MESSAGES.adminNotRemovable);
    expect((await remove(admin, outsider.id)).status).toBe(404);
    expect((await remove(admin, 'abc')).status).toBe(404);
    expect((await members(admin)).body.members).toHaveLength(2);
  });

  it('when the Organization plan ends, members lose the plan and the invite stops working', async () => {
    const { admin, token } = await organization();
    const member = await createChatUser(server);
    await join(member, token);
    const cancelled = await client.post('/accounts/billing/cancel/', {}, { token: admin.token });
    expect(cancelled.status).toBe(200);
    expect(await me(admin)).toMatchObject({ subscription_active: false, is_org_admin: false });
    expect((await me(member)).subscription_active).toBe(false);
    const late = await join(await createChatUser(server), token);
    expect(late.status).toBe(400);
    expect((await members(admin)).status).toBe(403);
  });

  it.each([
    ['POST', '/accounts/join-org/'],
    ['GET', '/accounts/organization/members/'],
    ['DELETE', '/accounts/organization/members/1/'],
  ])('%s %s refuses anonymous callers', async (method, path) => {
    const response = await client.request(
      method,
      path,
      method === 'POST' ? { token: 'x' } : undefined,
    );
    expect(response.status).toBe(401);
  });
});

describe('organisation invites (issue 22)', () => {
  function rotate(user: ChatUser) {
    return client.post<{ org_invite_token?: string; detail?: string }>(
      '/accounts/organization/invite/rotate/',
      {},
      { token: user.token },
    );
  }

  function preview(user: ChatUser, token: unknown) {
    return client.post<Record<string, unknown>>(
      '/accounts/organization/invite/preview/',
      { token },
      { token: user.token },
    );
  }

  it('a removed member cannot re-join with the token they saw', async () => {
    const { admin, token } = await organization();
    const member = await createChatUser(server);
    const stays = await createChatUser(server);
    expect((await join(member, token)).status).toBe(200);
    expect((await join(stays, token)).status).toBe(200);
    expect((await remove(admin, member.id)).status).toBe(204);

    const again = await join(member, token);
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(ORGANIZATION_MESSAGES.invalidToken);
    expect((await me(member)).subscription_active).toBe(false);
    // Everyone still inside sees the new link; it works for people the administrator invites.
    const fresh = (await me(admin)).org_invite_token as string;
    expect(fresh).not.toBe(token);
    expect((await me(stays)).org_invite_token).toBe(fresh);
    expect((await join(await createChatUser(server), fresh)).status).toBe(200);
  });

  it('the administrator rotates the invite link; the old one stops working', async () => {
    const { admin, token } = await organization();
    const member = await createChatUser(server);
    expect((await join(member, token)).status).toBe(200);
    const rotated = await rotate(admin);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.org_invite_token as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(fresh).not.toBe(token);
    expect((await me(admin)).org_invite_token).toBe(fresh);
    expect((await me(member)).org_invite_token).toBe(fresh);
    const late = await createChatUser(server);
    expect((await join(late, token)).status).toBe(400);
    expect((await join(late, fresh)).status).toBe(200);
  });

  it('only the administrator rotates (403 for a member, 401 anonymous)', async () => {
    const { token } = await organization();
    const member = await createChatUser(server);
    expect((await join(member, token)).status).toBe(200);
    const refused = await rotate(member);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(ORGANIZATION_MESSAGES.adminOnly);
    expect((await me(member)).org_invite_token).toBe(token);
    const anonymous = await client.post('/accounts/organization/invite/rotate/', {});
    expect(anonymous.status).toBe(401);
  });

  it('shows who invites before joining, without joining', async () => {
    const { admin, token } = await organization(12);
    const guest = await createChatUser(server);
    const shown = await preview(guest, token);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      admin_username: admin.username,
      admin_profile_image: null,
      members_count: 1,
      max_users: 12,
    });
    expect((await me(guest)).subscription_active).toBe(false);
    const bad = await preview(guest, 'x'.repeat(30));
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(ORGANIZATION_MESSAGES.invalidToken);
    expect((await client.post('/accounts/organization/invite/preview/', { token })).status).toBe(
      401,
    );
  });
});
