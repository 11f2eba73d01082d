import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import {
  LINK_PREVIEW_PATHS,
  type LinkPreview,
  type LinkPreviewAnswer,
  privateRoomName,
} from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkPreviews } from '../src/chat/linkPreviews.js';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { createMediaStore } from '../src/media/mediaStore.js';
import { LocalObjectStore } from '../src/media/store/localObjectStore.js';
import type { LinkPreviewsRepository } from '../src/plugins/app/link-previews-repository.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { PreviewSite } from './support/previewSite.js';
import { rawGet } from './support/rawGet.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let http: HttpClient;
let site: PreviewSite;
let ana: ChatUser;
let bo: ChatUser;
let anaSocket: ChatClient;
let boSocket: ChatClient;
let room: string;

beforeAll(async () => {
  site = await PreviewSite.start();
  // The stand-in site is on loopback: only the test-only allowance of the guard reaches it.
  server = await startTestServer({
    egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance() }),
    linkPreviews: { timeoutMs: 1_500, maxHtmlBytes: 64 * 1024, sendWaitMs: 8_000 },
  });
  http = server.client();
  ana = await createChatUser(server, { language: 'English' });
  bo = await createChatUser(server, { language: 'English' });
  await connectUsers(server, ana, bo);
  room = privateRoomName(ana.id, bo.id);
  anaSocket = await ChatClient.open(server, ana);
  boSocket = await ChatClient.open(server, bo);
  await anaSocket.join(room);
  await boSocket.join(room);
});
afterAll(async () => {
  anaSocket?.ws.close();
  boSocket?.ws.close();
  await server?.close();
  await site?.close();
});

let sent = 0;
/** Sends a message and returns the frame the other member got. */
async function send(text: string, extra: Record<string, unknown> = {}) {
  sent += 1;
  const clientId = `link-${sent}`;
  anaSocket.send({
    type: 'chat_message',
    client_id: clientId,
    message: text,
    sender_id: ana.id,
    room_name: room,
    ...extra,
  });
  const echo = await anaSocket.next('chat_message', (f) => f.client_id === clientId);
  const delivered = await boSocket.next('chat_message', (f) => f.client_id === clientId);
  expect(echo.link_preview).toEqual(delivered.link_preview);
  return delivered;
}

function askPreview(url: string, token = ana.token) {
  return http.get<LinkPreviewAnswer>(
    `${LINK_PREVIEW_PATHS.linkPreview}?url=${encodeURIComponent(url)}`,
    { token },
  );
}

describe('link previews (issue 25)', () => {
  it('gives a message with a link the card of the page, its image copied and served by Parley', async () => {
    const url = `${site.url}/page`;
    const delivered = await send(`Look: ${url}.`);
    const preview = delivered.link_preview as LinkPreview;
    expect(preview).toMatchObject({
      url,
      title: 'Parley & friends',
      description: 'Chat across languages.',
      site_name: 'Parley Blog',
    });
    expect(preview.image_url).toMatch(/^\/media\/link-previews\/[A-Za-z0-9_-]+\.png$/);
    const image = await rawGet(server.url, preview.image_url as string, {});
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Re-encoded, not the site's bytes passed through.
    expect(image.body.subarray(1, 4).toString()).toBe('PNG');
    // History carries the card too.
    const history = await boSocket.join(room);
    expect(history.message.at(-1)?.link_preview).toEqual(preview);
  });

  it('reuses the cached card: a second message with the same link does not fetch again', async () => {
    const before = site.hitsOf('/page');
    const answer = await askPreview(`${site.url}/page`);
    expect(answer.status).toBe(200);
    expect(answer.body.link_preview?.title).toBe('Parley & friends');
    const delivered = await send(`again ${site.url}/page`);
    expect(delivered.link_preview?.title).toBe('Parley & friends');
    expect(site.hitsOf('/page')).toBe(before);
  });

  it('follows a redirect through the guard, and refuses one to a private address', async () => {
    const moved = await askPreview(`${site.url}/moved`);
    expect(moved.body.link_preview?.title).toBe('Parley & friends');
    const toPrivate = await askPreview(`${site.url}/to-private`);
    expect(toPrivate.status).toBe(200);
    expect(toPrivate.body.link_preview).toBeNull();
  });

  it('reads only the start of a page that never ends, and gives up on one that never answers', async () => {
    const endless = await askPreview(`${site.url}/endless`);
    expect(endless.body.link_preview?.title).toBe('Endless page');
    const slow = await askPreview(`${site.url}/slow`);
    expect(slow.body.link_preview).toBeNull();
    // Anything but HTML is not read.
    const json = await askPreview(`${site.url}/data.json`);
    expect(json.body.link_preview).toBeNull();
  });

  it('remembers a failure briefly: a dead link is not fetched for every message', async () => {
    const before = site.hitsOf('/slow');
    await askPreview(`${site.url}/slow`);
    expect(site.hitsOf('/slow')).toBe(before);
  });

  it('sends no card when the sender removed it before sending', async () => {
    const delivered = await send(`no card ${site.url}/page-removed`, { link_preview: false });
    expect(delivered.link_preview).toBeUndefined();
    expect(site.hitsOf('/page-removed')).toBe(0);
  });

  it('sends no card, and previews none, when the sender turned previews off', async () => {
    const off = await http.patch(
      LINK_PREVIEW_PATHS.updateLinkPreviews,
      { link_previews: false },
      { token: ana.token },
    );
    expect(off.status).toBe(200);
    expect((off.body as { link_previews: boolean }).link_previews).toBe(false);
    // The socket re-reads its sender every few seconds; a fresh one sees the change at once.
    anaSocket.ws.close();
    anaSocket = await ChatClient.open(server, ana);
    await anaSocket.join(room);
    const delivered = await send(`plain ${site.url}/page-off`);
    expect(delivered.link_preview).toBeUndefined();
    expect((await askPreview(`${site.url}/page-off`)).body.link_preview).toBeNull();
    expect(site.hitsOf('/page-off')).toBe(0);
    await http.patch(
      LINK_PREVIEW_PATHS.updateLinkPreviews,
      { link_previews: true },
      { token: ana.token },
    );
  });

  it('answers 401 without a session and 400 for what is not an http(s) URL', async () => {
    expect(
      (await http.get(`${LINK_PREVIEW_PATHS.linkPreview}?url=https://a.example/`)).status,
    ).toBe(401);
    for (const bad of [
      '',
      'javascript:alert(1)',
      'file:///etc/passwd',
      `https://x/${'a'.repeat(2100)}`,
    ]) {
      expect((await askPreview(bad)).status, bad).toBe(400);
    }
  });
});

/** Nothing cached, nothing kept: these previews must fail before any storage matters. */
const noCache: LinkPreviewsRepository = {
  cached: async () => null,
  save: async () => undefined,
  attachToMessage: async () => false,
  deleteExpired: async () => 0,
  imagesInUse: async () => new Set(),
};

describe('link previews without the test seam', () => {
  it('refuse loopback, and names that resolve to a private address, before any request', async () => {
    const resolvesToLoopback = ((
      _host: string,
      options: { all?: boolean },
      callback: (...a: unknown[]) => void,
    ) => {
      if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    }) as unknown as LookupFunction;
    const before = site.hitsOf('/page');
    for (const guard of [new EgressGuard(), new EgressGuard({ lookup: resolvesToLoopback })]) {
      const previews = new LinkPreviews({
        egress: guard,
        repository: noCache,
        media: createMediaStore(new LocalObjectStore(join(server.dataDir, 'media'))),
        log: server.app.log,
        limits: { timeoutMs: 1_500 },
      });
      expect(await previews.preview(`${site.url}/page`)).toBeNull();
      const port = new URL(site.url).port;
      expect(await previews.preview(`https://preview.example.com:${port}/page`)).toBeNull();
      guard.close();
    }
    expect(site.hitsOf('/page')).toBe(before);
  });
});
