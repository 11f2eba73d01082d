import { existsSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import { type LinkPreview, privateRoomName } from '@parley/chat-sdk';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import * as schema from '../src/db/schema.js';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { LinkPreviewImageSweeper } from '../src/media/linkPreviewImageSweep.js';
import { LocalObjectStore } from '../src/media/store/localObjectStore.js';
import { createLinkPreviewsRepository } from '../src/plugins/app/link-previews-repository.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { PreviewSite } from './support/previewSite.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Link preview polish (issue 25, round two): http:// links through the same guard, cards later
// than the message's wait sent as `link_preview`, and preview images removed once unneeded.

/** Every name resolves to the stand-in site on loopback (which only the test allowance reaches). */
const toLoopback = ((
  _host: string,
  options: { all?: boolean },
  callback: (...a: unknown[]) => void,
) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}) as unknown as LookupFunction;

let server: TestServer;
let site: PreviewSite;
let ana: ChatUser;
let bo: ChatUser;
let anaSocket: ChatClient;
let boSocket: ChatClient;
let room: string;
let port: string;

beforeAll(async () => {
  site = await PreviewSite.start();
  port = new URL(site.url).port;
  server = await startTestServer({
    egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance(), lookup: toLoopback }),
    // The message waits 300 ms for its card; /late-page answers after 1 s.
    linkPreviews: { timeoutMs: 3_000, sendWaitMs: 300 },
  });
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

describe('http:// links', () => {
  it('are previewed through the guard, which still refuses loopback, private and local hosts', async () => {
    const guard = new EgressGuard();
    try {
      expect(guard.urlRefusal('http://news.example.com/a', { allowHttp: true })).toBeNull();
      for (const refused of [
        'http://127.0.0.1/',
        'http://10.1.2.3/',
        'http://192.168.0.1/',
        'http://[::1]/',
        'http://localhost/',
        'http://intranet/',
        'http://user:pw@news.example.com/',
        'ftp://news.example.com/',
      ]) {
        expect(guard.urlRefusal(refused, { allowHttp: true }), refused).not.toBeNull();
      }
      // Other callers (push endpoints) stay https only.
      expect(guard.urlRefusal('http://news.example.com/a')).toBe('not HTTPS');
    } finally {
      guard.close();
    }
    const answer = await server
      .client()
      .get<{ link_preview: LinkPreview | null }>(
        `/chatmessage/link-preview/?url=${encodeURIComponent(`http://blog.example.com:${port}/page`)}`,
        { token: ana.token },
      );
    expect(answer.status).toBe(200);
    expect(answer.body.link_preview).toMatchObject({
      url: `http://blog.example.com:${port}/page`,
      title: 'Parley & friends',
    });
  });
});

describe('late cards', () => {
  it('sends the message without its card, then the card to every member; history has it', async () => {
    const url = `http://late.example.com:${port}/late-page`;
    anaSocket.send({
      type: 'chat_message',
      client_id: 'late-1',
      message: `Slow site: ${url}`,
      sender_id: ana.id,
      room_name: room,
    });
    const delivered = await boSocket.next('chat_message', (f) => f.client_id === 'late-1');
    expect(delivered).not.toHaveProperty('link_preview');
    const [toBo, toAna] = await Promise.all([
      boSocket.next('link_preview', (f) => f.message_id === delivered.id),
      anaSocket.next('link_preview', (f) => f.message_id === delivered.id),
    ]);
    expect(toBo).toEqual({
      type: 'link_preview',
      message_id: delivered.id,
      room_name: room,
      link_preview: {
        url,
        title: 'Late news',
        description: null,
        image_url: expect.stringMatching(/^\/media\/link-previews\/[A-Za-z0-9_-]+\.png$/),
        site_name: 'late.example.com',
      },
    });
    expect(toAna).toEqual(toBo);
    const history = await boSocket.join(room);
    expect(history.message.find((m) => m.id === delivered.id)?.link_preview).toEqual(
      toBo.link_preview,
    );
    // The site set a cookie; no request carried it back.
    expect(site.cookiesSeen).toEqual([]);
  });
});

describe('preview image cleanup', () => {
  it('removes images no message and no live cache entry needs, and keeps the others', async () => {
    const folder = join(server.dataDir, 'media', 'link-previews');
    const repository = createLinkPreviewsRepository(
      drizzle(server.pglite, { schema }) as unknown as Database,
    );
    const sweeper = new LinkPreviewImageSweeper(
      repository,
      new LocalObjectStore(join(server.dataDir, 'media')),
      server.app.log,
      {
        graceMs: 60_000,
      },
    );
    const day = 24 * 60 * 60_000;
    const now = new Date();
    const longAgo = new Date(now.getTime() - 2 * day);
    const image = (name: string) => `/media/link-previews/${name}`;
    const names = {
      shown: 'shownByAMessage0001.png',
      cached: 'cachedAndStillFresh1.png',
      expired: 'cacheEntryExpired001.png',
      deleted: 'messageWasDeleted001.png',
      orphan: 'namedByNothingAtAll1.png',
      young: 'justWrittenByAFetch1.png',
    };
    await mkdir(folder, { recursive: true });
    for (const name of Object.values(names)) {
      await writeFile(join(folder, name), 'png bytes');
      if (name !== names.young) await utimes(join(folder, name), longAgo, longAgo);
    }
    const card = (name: string): LinkPreview => ({
      url: `https://${name}.example.com/`,
      title: name,
      description: null,
      image_url: image(name),
      site_name: null,
    });
    const q = (text: string, params: unknown[]) => server.pglite.query(text, params);
    const message = async (name: string) => {
      const rows = await q(
        `insert into messages (room, sender_id, message, original_message, link_preview)
         values ($1, $2, 'x', 'x', $3) returning id`,
        [room, ana.id, JSON.stringify(card(name))],
      );
      return Number((rows.rows[0] as { id: number }).id);
    };
    await message(names.shown);
    const deletedId = await message(names.deleted);
    await q('update messages set deleted_at = now() where id = $1', [deletedId]);
    // A card that comes late for a message deleted meanwhile is not stored (nor sent).
    expect(await repository.attachToMessage(deletedId, card(names.deleted))).toBe(false);
    await repository.save(
      card(names.cached).url,
      card(names.cached),
      new Date(now.getTime() + day),
    );
    await repository.save(card(names.expired).url, card(names.expired), longAgo);

    const result = await sweeper.sweep(now);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(result.removed.sort()).toEqual(
      [names.deleted, names.expired, names.orphan].map(image).sort(),
    );
    const left = await readdir(folder);
    for (const kept of [names.shown, names.cached, names.young]) expect(left).toContain(kept);
    // The late card's image is named by its message: still there.
    const lateImage = (
      await q(
        `select link_preview ->> 'image_url' as url from messages where client_id = 'late-1'`,
        [],
      )
    ).rows[0] as { url: string };
    expect(existsSync(join(folder, lateImage.url.split('/').pop() as string))).toBe(true);
    // The expired entry is forgotten: its URL is fetched again next time.
    expect(await repository.cached(card(names.expired).url, now)).toBeNull();
    await sweeper.close();
  });
});
