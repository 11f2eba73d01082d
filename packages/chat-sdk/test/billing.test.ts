import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CheckoutError, JoinOrgError, SDK_MESSAGES } from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

async function signedIn() {
  const setup = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
  await setup.client.ready;
  return setup.client;
}

describe('api.billing.checkout', () => {
  it('sends the spec’s body for each plan and answers the url', async () => {
    const bodies: unknown[] = [];
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/create-checkout-session/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ url: 'https://pay.example/cs_1' });
      }),
    );
    const client = await signedIn();
    await expect(client.api.billing.checkout('personal')).resolves.toBe('https://pay.example/cs_1');
    await client.api.billing.checkout('organization', 25);
    await client.api.billing.checkout('lifetime');
    expect(bodies).toEqual([
      { is_org: false, user_count: 1, is_lifetime: false },
      { is_org: true, user_count: 25, is_lifetime: false },
      { is_org: false, user_count: 1, is_lifetime: true },
    ]);
  });

  it('maps failures to the spec’s messages', async () => {
    let status = 409;
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/create-checkout-session/`, () =>
        HttpResponse.json({ detail: 'whatever the server says' }, { status }),
      ),
    );
    const client = await signedIn();
    const held = client.api.billing.checkout('personal');
    await expect(held).rejects.toBeInstanceOf(CheckoutError);
    await expect(held).rejects.toThrow(SDK_MESSAGES.planAlreadyHeld);
    status = 502;
    await expect(client.api.billing.checkout('lifetime')).rejects.toThrow(
      SDK_MESSAGES.checkoutFailed,
    );
    await expect(client.api.billing.checkout(null)).rejects.toThrow(SDK_MESSAGES.noPlanSpecified);
    await expect(client.api.billing.checkout('organization', 9)).rejects.toThrow(
      SDK_MESSAGES.orgMinimumSeats,
    );
    // A server without a payment provider (Parley, issue 22): its reason, not a generic failure.
    status = 503;
    await expect(client.api.billing.checkout('personal')).rejects.toThrow(
      'whatever the server says',
    );
  });
});

describe('api.org', () => {
  it('join answers the user; a bad token gives the spec’s message, a full one the server’s', async () => {
    let answer: [Record<string, unknown>, number] = [{ ...ana, subscription_active: true }, 200];
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/join-org/`, () =>
        HttpResponse.json(answer[0], { status: answer[1] }),
      ),
    );
    const client = await signedIn();
    await expect(client.api.org.join('tok')).resolves.toMatchObject({ subscription_active: true });
    answer = [{ detail: 'Invalid or expired invite token.' }, 400];
    const bad = client.api.org.join('bad');
    await expect(bad).rejects.toBeInstanceOf(JoinOrgError);
    await expect(bad).rejects.toThrow(SDK_MESSAGES.joinOrgFailed);
    answer = [{ detail: 'This organization has no free seats.' }, 409];
    await expect(client.api.org.join('full')).rejects.toThrow(
      'This organization has no free seats.',
    );
  });

  it('lists and removes members', async () => {
    const removed: string[] = [];
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/accounts/organization/members/`, () =>
        HttpResponse.json({
          members: [{ id: 1, username: 'ana', profile_image: null, email: 'a@x' }],
          max_users: 10,
        }),
      ),
      http.delete(`${API_URL}/accounts/organization/members/:id/`, ({ params }) => {
        removed.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const client = await signedIn();
    await expect(client.api.org.members()).resolves.toMatchObject({ max_users: 10 });
    await client.api.org.removeMember(7);
    expect(removed).toEqual(['7']);
  });

  it('previews an invite: the details, the spec’s message for a bad token, null without the extension', async () => {
    let answer: [Record<string, unknown>, number] = [
      { admin_username: 'ana', admin_profile_image: null, members_count: 3, max_users: 10 },
      200,
    ];
    const bodies: unknown[] = [];
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/organization/invite/preview/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(answer[0], { status: answer[1] });
      }),
    );
    const client = await signedIn();
    await expect(client.api.org.invitePreview('tok')).resolves.toMatchObject({
      admin_username: 'ana',
      members_count: 3,
    });
    expect(bodies).toEqual([{ token: 'tok' }]);
    answer = [{ detail: 'Invalid or expired invite token.' }, 400];
    const bad = client.api.org.invitePreview('bad');
    await expect(bad).rejects.toBeInstanceOf(JoinOrgError);
    await expect(bad).rejects.toThrow(SDK_MESSAGES.joinOrgFailed);
    answer = [{ detail: 'Not found.' }, 404];
    await expect(client.api.org.invitePreview('tok')).resolves.toBeNull();
  });

  it('rotates the invite link', async () => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/organization/invite/rotate/`, () =>
        HttpResponse.json({ org_invite_token: 'fresh-token' }),
      ),
    );
    const client = await signedIn();
    await expect(client.api.org.rotateInvite()).resolves.toBe('fresh-token');
  });
});
