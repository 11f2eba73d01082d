import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GroupSummary } from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

const group: GroupSummary = {
  id: 4,
  name: 'Team Rocket',
  room_name: 'team-rocket',
  image: null,
  last_message: null,
  last_message_time: null,
  user_ids: [],
  members: [],
};

async function client() {
  const setup = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
  await setup.client.ready;
  return setup.client;
}

describe('api.chat', () => {
  it('lists groups and chats with the bearer token', async () => {
    const auth: (string | null)[] = [];
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/chatmessage/user/group/`, ({ request }) => {
        auth.push(request.headers.get('Authorization'));
        return HttpResponse.json([group]);
      }),
      http.get(`${API_URL}/chatmessage/chats/`, ({ request }) => {
        auth.push(request.headers.get('Authorization'));
        return HttpResponse.json([]);
      }),
    );
    const parley = await client();
    await expect(parley.api.chat.groups()).resolves.toEqual([group]);
    await expect(parley.api.chat.chats()).resolves.toEqual([]);
    expect(auth).toEqual(['Bearer tok', 'Bearer tok']);
  });

  it('creates a group as multipart with name, repeated user_ids and an optional image', async () => {
    let fields: [string, string][] = [];
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/chatmessage/create/group/`, async ({ request }) => {
        const form = await request.formData();
        fields = [...form.entries()].map(([key, value]) => [
          key,
          typeof value === 'string' ? value : `file:${value.name}:${value.type}`,
        ]);
        return HttpResponse.json(group, { status: 201 });
      }),
    );
    const parley = await client();
    const image = new Blob(['png'], { type: 'image/png' });
    await expect(
      parley.api.chat.createGroup({ name: 'Team Rocket', userIds: [2, 3], image }),
    ).resolves.toEqual(group);
    expect(fields).toEqual([
      ['name', 'Team Rocket'],
      ['user_ids', '2'],
      ['user_ids', '3'],
      ['image', 'file:group.png:image/png'],
    ]);
  });

  it('pages history with room_name and before', async () => {
    const queries: string[] = [];
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/chatmessage/history/`, ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({ results: [], has_more: false });
      }),
    );
    const parley = await client();
    await parley.api.chat.history({ roomName: 'private_1_2' });
    await parley.api.chat.history({ roomName: 'team-rocket', before: 40 });
    expect(queries).toEqual(['?room_name=private_1_2', '?room_name=team-rocket&before=40']);
  });
});
