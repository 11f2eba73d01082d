// Contract rows for Parley's link previews and @mentions (issue 25; not in spec §7): the paths of
// chat-sdk's LINK_PREVIEW_PATHS and the optional `link_preview` / `mentions` fields of
// chat_message, sent as a partner's client would. A spec client that sends none of them is
// answered as before (socket.contract.test.ts).
import { LINK_PREVIEW_PATHS } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard, testOnlyLoopbackAllowance } from '../../src/http/egressGuard.js';
import { PreviewSite } from '../support/previewSite.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  registerSpecUser,
  SPEC_MESSAGE_FIELDS,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

let server: TestServer;
let site: PreviewSite;
let ana: SpecUser;
let bo: SpecUser;
let group: string;
const open: SpecSocket[] = [];

beforeAll(async () => {
  site = await PreviewSite.start();
  server = await startTestServer({
    egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance() }),
  });
  ana = await registerSpecUser(server.url);
  bo = await registerSpecUser(server.url);
  await ana.http.call('POST', '/connections/request/', { from_user: ana.id, to_user: bo.id });
  await bo.http.call('POST', '/connections/accept/', { to_user: ana.id, status: 'pending' });
  const name = `Links Club ${process.pid}`;
  const form = new FormData();
  form.append('name', name);
  form.append('user_ids', String(bo.id));
  expect((await ana.http.call('POST', '/chatmessage/create/group/', form)).status).toBe(201);
  group = name.toLowerCase().replace(/\s+/g, '-');
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  await server?.close();
  await site?.close();
});

async function joined(user: SpecUser): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  socket.send({ type: 'join_room', room_name: group });
  await socket.next('chat_history');
  return socket;
}

describe(`contract: GET ${LINK_PREVIEW_PATHS.linkPreview}?url= → {link_preview}`, () => {
  it('answers the card {url, title, description, image_url, site_name}; 401 without a session; 400 for a bad url', async () => {
    const url = `${site.url}/page`;
    const answer = await ana.http.call<{ link_preview: Record<string, unknown> }>(
      'GET',
      `${LINK_PREVIEW_PATHS.linkPreview}?url=${encodeURIComponent(url)}`,
    );
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.link_preview).sort()).toEqual(
      ['description', 'image_url', 'site_name', 'title', 'url'].sort(),
    );
    expect(answer.body.link_preview.url).toBe(url);
    const anonymous = await fetch(`${server.url}${LINK_PREVIEW_PATHS.linkPreview}?url=${url}`);
    expect(anonymous.status).toBe(401);
    const bad = await ana.http.call('GET', `${LINK_PREVIEW_PATHS.linkPreview}?url=ftp://x`);
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('url');
  });
});

describe(`contract: PATCH ${LINK_PREVIEW_PATHS.updateLinkPreviews} {link_previews} → CurrentUser`, () => {
  it('answers the account with link_previews; 400 for a non-boolean', async () => {
    const off = await bo.http.call('PATCH', LINK_PREVIEW_PATHS.updateLinkPreviews, {
      link_previews: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.link_previews).toBe(false);
    const on = await bo.http.call('PATCH', LINK_PREVIEW_PATHS.updateLinkPreviews, {
      link_previews: true,
    });
    expect(on.body.link_previews).toBe(true);
    const bad = await bo.http.call('PATCH', LINK_PREVIEW_PATHS.updateLinkPreviews, {
      link_previews: 'no',
    });
    expect(bad.status).toBe(400);
  });
});

describe('contract: chat_message {…, link_preview?: false, mentions?: [user_id]}', () => {
  it('delivers link_preview and mentions [{user_id, username}] beside the spec fields', async () => {
    const [anaSocket, boSocket] = [await joined(ana), await joined(bo)];
    anaSocket.send({
      type: 'chat_message',
      message: `@${bo.username} see ${site.url}/page-contract`,
      sender_id: ana.id,
      room_name: group,
      mentions: [bo.id],
    });
    const frame = await boSocket.next('chat_message');
    for (const field of SPEC_MESSAGE_FIELDS) expect(frame).toHaveProperty(field);
    expect(frame.mentions).toEqual([{ user_id: bo.id, username: bo.username }]);
    expect(frame.link_preview).toMatchObject({ url: `${site.url}/page-contract` });
  });

  it('sends no card for link_preview: false; answers invalid_frame for malformed fields', async () => {
    const [anaSocket, boSocket] = [await joined(ana), await joined(bo)];
    anaSocket.send({
      type: 'chat_message',
      message: `${site.url}/page-contract`,
      sender_id: ana.id,
      room_name: group,
      link_preview: false,
    });
    const frame = await boSocket.next('chat_message');
    expect(frame).not.toHaveProperty('link_preview');
    for (const bad of [{ link_preview: 'no' }, { mentions: 'everyone' }, { mentions: [-1] }]) {
      anaSocket.send({
        type: 'chat_message',
        message: 'x',
        sender_id: ana.id,
        room_name: group,
        ...bad,
      });
      const error = await anaSocket.next('error');
      expect(error.code).toBe('invalid_frame');
    }
  });
});
