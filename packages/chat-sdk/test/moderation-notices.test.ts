import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { MODERATION_PATHS, type ModerationNotice } from '../src/index';
import { API_URL } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { until } from './support/socket-server';
import { useApiServer } from './support/test-client';

// Issue 29: client.moderationNotices queues what moderators told the person, once per device.
const api = useApiServer();
const setup = useSocketSetup(api);

const notice = (id: number, kind: ModerationNotice['kind'] = 'warning'): ModerationNotice => ({
  id,
  kind,
  message: `notice ${id}`,
  created_at: '2026-11-27T01:00:00.000Z',
});

function stored(results: ModerationNotice[]) {
  return http.get(`${API_URL}${MODERATION_PATHS.notices}`, () => HttpResponse.json({ results }));
}

async function open() {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

describe('client.moderationNotices', () => {
  it('on opening, queues the notices that came while away; a live frame joins them; acknowledged ones never return', async () => {
    api.use(stored([notice(3), notice(2, 'report_resolved')]));
    const connection = await open();
    const notices = setup.client.moderationNotices;
    await until(() => notices.state.notices.length === 2);
    expect(notices.state.notices.map((n) => n.id)).toEqual([2, 3]);

    connection.send({
      type: 'moderation_notice',
      id: 4,
      kind: 'warning',
      message: 'notice 4',
      created_at: '2026-11-27T01:00:00.000Z',
    });
    await until(() => notices.state.notices.length === 3);
    expect(notices.state.notices[2]).toEqual(notice(4));

    notices.acknowledge(2);
    notices.acknowledge(3);
    notices.acknowledge(4);
    expect(notices.state.notices).toEqual([]);
    // The next visit: the server still lists them, nothing is shown again.
    await until(() => setup.client.moderationNotices.state.notices.length === 0);
    await notices.check();
    expect(notices.state.notices).toEqual([]);
    // A newer one arrived while away: only it.
    api.use(stored([notice(5), notice(4), notice(3)]));
    await notices.check();
    expect(notices.state.notices.map((n) => n.id)).toEqual([5]);
  });

  it('a backend without the route (404) shows nothing and does not fail', async () => {
    api.use(
      http.get(
        `${API_URL}${MODERATION_PATHS.notices}`,
        () => new HttpResponse(null, { status: 404 }),
      ),
    );
    await open();
    await setup.client.moderationNotices.check();
    expect(setup.client.moderationNotices.state.notices).toEqual([]);
  });
});
