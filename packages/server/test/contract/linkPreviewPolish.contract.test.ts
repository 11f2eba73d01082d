// Contract rows for link preview and search polish (issue 25, round two; not in spec §7): the
// `link_preview` frame that brings a card later than its message, http:// links previewed like
// https ones, and search results saying what matched (`match.field`). A spec client ignores the
// unknown frame type and keeps the message as it came (socket.contract.test.ts).
import { CHAT_PATHS, LINK_PREVIEW_PATHS } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard, testOnlyLoopbackAllowance } from '../../src/http/egressGuard.js';
import { PreviewSite } from '../support/previewSite.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, SpecSocket, type SpecUser } from './support/specClient.js';

let server: TestServer;
let site: PreviewSite;
let ana: SpecUser;
let bo: SpecUser;
let cy: SpecUser; // not in the group
let group: string;
const open: SpecSocket[] = [];

beforeAll(async () => {
  site = await PreviewSite.start();
  server = await startTestServer({
    egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance() }),
    // /late-page answers after 1 s: later than this wait.
    linkPreviews: { timeoutMs: 3_000, sendWaitMs: 300 },
  });
  ana = await registerSpecUser(server.url);
  bo = await registerSpecUser(server.url);
  cy = await registerSpecUser(server.url);
  await ana.http.call('POST', '/connections/request/', { from_user: ana.id, to_user: bo.id });
  await bo.http.call('POST', '/connections/accept/', { to_user: ana.id, status: 'pending' });
  const name = `Late Cards ${process.pid}`;
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

async function socketOf(user: SpecUser, join = true): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  if (join) {
    socket.send({ type: 'join_room', room_name: group });
    await socket.next('chat_history');
  }
  return socket;
}

describe('contract: {type: "link_preview", message_id, room_name, link_preview} (server → members)', () => {
  it('follows a message sent without its card, to members only; history then carries the card', async () => {
    const [anaSocket, boSocket, cySocket] = [
      await socketOf(ana),
      await socketOf(bo),
      await socketOf(cy, false),
    ];
    const url = `${site.url}/late-page`;
    anaSocket.send({
      type: 'chat_message',
      message: `late ${url}`,
      sender_id: ana.id,
      room_name: group,
    });
    const message = await boSocket.next('chat_message');
    expect(message).not.toHaveProperty('link_preview');
    const frame = await boSocket.next('link_preview');
    expect(Object.keys(frame).sort()).toEqual(
      ['link_preview', 'message_id', 'room_name', 'type'].sort(),
    );
    expect(frame).toMatchObject({ message_id: message.id, room_name: group });
    expect(Object.keys(frame.link_preview as object).sort()).toEqual(
      ['description', 'image_url', 'site_name', 'title', 'url'].sort(),
    );
    expect(await anaSocket.next('link_preview')).toEqual(frame);
    expect(await cySocket.unclaimed('link_preview', 300)).toEqual([]);
    boSocket.send({ type: 'join_room', room_name: group });
    const history = await boSocket.next('chat_history');
    const stored = (history.message as Record<string, unknown>[]).find((m) => m.id === message.id);
    expect(stored?.link_preview).toEqual(frame.link_preview);
  });
});

describe(`contract: GET ${LINK_PREVIEW_PATHS.linkPreview}?url=http://…`, () => {
  it('previews an http:// page like an https one (through the same guard)', async () => {
    const url = `${site.url}/page-http`;
    expect(url.startsWith('http://')).toBe(true);
    const answer = await ana.http.call<{ link_preview: Record<string, unknown> | null }>(
      'GET',
      `${LINK_PREVIEW_PATHS.linkPreview}?url=${encodeURIComponent(url)}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.link_preview).toMatchObject({ url, title: 'Parley & friends' });
  });
});

describe(`contract: GET ${CHAT_PATHS.search} → match.field`, () => {
  it('says a hit matched a file name (`field: "file_name"`, `text` the name); absent for text hits', async () => {
    const anaSocket = await socketOf(ana);
    const boSocket = await socketOf(bo);
    const form = new FormData();
    form.append('file', new Blob(['plan'], { type: 'text/plain' }), 'Quarterly_résumé.txt');
    form.append('file_type', 'text/plain');
    form.append('sender_id', String(ana.id));
    form.append('room_name', group);
    const upload = await ana.http.call('POST', '/chatmessage/upload-file/', form);
    expect(upload.status).toBe(201);
    anaSocket.send({
      type: 'chat_message',
      message: '',
      sender_id: ana.id,
      room_name: group,
      file_url: upload.body.file_url,
      file_name: upload.body.file_name,
      file_type: upload.body.file_type ?? 'application',
    });
    await boSocket.next('chat_message');
    anaSocket.send({
      type: 'chat_message',
      message: 'my resume is ready',
      sender_id: ana.id,
      room_name: group,
    });
    await boSocket.next('chat_message');
    const answer = await bo.http.call<{ results: { match: Record<string, unknown> }[] }>(
      'GET',
      `${CHAT_PATHS.search}?q=resume`,
    );
    expect(answer.status).toBe(200);
    const [text, file] = answer.body.results.map((r) => r.match);
    expect(text).not.toHaveProperty('field');
    expect(file).toMatchObject({
      text: 'Quarterly_résumé.txt',
      ranges: [{ start: 10, end: 16 }],
      field: 'file_name',
    });
  });
});
