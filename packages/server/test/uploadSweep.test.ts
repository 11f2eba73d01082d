import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Category, MEDIA_PATHS, type Post, privateRoomName } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.js';
import { LocalObjectStore } from '../src/media/store/localObjectStore.js';
import {
  SIGNED_URL_LIFETIME_MS,
  SPEECH_ANSWER_MAX_AGE_MS,
  UPLOAD_GRACE_MS,
  UploadSweeper,
} from '../src/media/uploadSweep.js';
import { createUploadsRepository } from '../src/plugins/app/uploads-repository.js';
import { readUploadGrace } from '../src/serverEnv.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { upload } from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The upload sweep on a real server (PGlite, loopback HTTP, real sockets, files on disk): its
// timer runs every 200 ms with a grace period of one hour, and the tests make files old by
// moving their rows' created_at (and the files' mtime) back two hours.

const HOUR_MS = 60 * 60_000;
const SWEEP_WAIT = { timeout: 10_000, interval: 100 };

let server: TestServer;
let ana: ChatUser;
let bo: ChatUser;

beforeAll(async () => {
  server = await startTestServer({
    uploadSweep: { graceMs: HOUR_MS, intervalMs: 200, strayFileIntervalMs: 200, batchSize: 2 },
  });
  ana = await createChatUser(server, { language: 'English' });
  bo = await createChatUser(server, { language: 'English' });
});
afterAll(async () => {
  server?.app.server.closeIdleConnections();
  await server?.close();
});

const chatFolder = () => join(server.dataDir, 'media', 'chat');
const nameOf = (url: unknown) => String(url).split('?')[0]?.slice(MEDIA_PATHS.filesPrefix.length);

async function png(background = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Ana uploads a picture for her chat with Bo: its signed URL, thumbnail URL and stored names. */
async function uploadPicture() {
  const result = await upload(
    server,
    MEDIA_PATHS.uploadFile,
    ana.token,
    { file_type: 'image', sender_id: String(ana.id), receiver_id: String(bo.id) },
    { field: 'file', bytes: await png(), name: 'photo.png', type: 'image/png' },
  );
  expect(result.status, result.text).toBe(201);
  const url = String(result.body.file_url);
  const thumbnailUrl = String(result.body.thumbnail_url);
  return { url, thumbnailUrl, name: nameOf(url) ?? '', thumbnail: nameOf(thumbnailUrl) ?? '' };
}

/**
 * Moves uploads' files and rows two hours back: past the one-hour grace period. Files first: once
 * a row is old the sweep (which runs on its own) may take its file at any moment.
 */
async function makeOld(...names: string[]) {
  const then = new Date(Date.now() - 2 * HOUR_MS);
  for (const name of names) {
    const file = join(chatFolder(), name);
    if (existsSync(file)) await utimes(file, then, then);
  }
  await server.pglite.query(
    `update media_uploads set created_at = now() - interval '2 hours' where stored_name = any($1)`,
    [names],
  );
}

async function rowOf(name: string) {
  const result = await server.pglite.query<{ sweep_kept_at: Date | null }>(
    'select sweep_kept_at from media_uploads where stored_name = $1',
    [name],
  );
  return result.rows[0] ?? null;
}

async function statusOf(url: string) {
  const response = await fetch(`${server.url}${url}`);
  await response.arrayBuffer();
  return response.status;
}

/** Waits until a sweep has removed `name` (row and file): proof a run saw everything made before. */
async function sweptAway(name: string) {
  await vi.waitFor(async () => {
    expect(await rowOf(name)).toBeNull();
    expect(existsSync(join(chatFolder(), name))).toBe(false);
  }, SWEEP_WAIT);
}

/** Writes a file and, when asked, a media_uploads row for it, as the stores do. */
async function storeChatFile(kind: string, extension: string, withRow = true) {
  const name = `${randomBytes(18).toString('base64url')}.${extension}`;
  await mkdir(chatFolder(), { recursive: true });
  await writeFile(join(chatFolder(), name), randomBytes(64));
  if (withRow) {
    await server.pglite.query(
      `insert into media_uploads (owner_id, room, kind, stored_name, mime, size, original_name)
       values ($1, $2, $3, $4, 'audio/webm', 64, $5)`,
      [ana.id, privateRoomName(ana.id, bo.id), kind, name, `live.${extension}`],
    );
  }
  return name;
}

/** A voice upload with a rendition for French readers: synthesized WebM and MP4 uploads. */
async function voiceWithRendition() {
  const voice = await storeChatFile('voice', 'webm');
  const webm = await storeChatFile('synth', 'webm');
  const mp4 = await storeChatFile('synth', 'm4a');
  await server.pglite.query(
    `insert into voice_renditions (upload_id, language, transcript, synth_webm, synth_mp4, synth_status)
     select id, 'fr', 'bonjour', $2, $3, 'ok' from media_uploads where stored_name = $1`,
    [voice, webm, mp4],
  );
  return { voice, webm, mp4 };
}

describe('the upload sweep', () => {
  it('keeps unsent uploads longer than any link the server handed out for them lives', () => {
    expect(UPLOAD_GRACE_MS).toBeGreaterThanOrEqual(
      SPEECH_ANSWER_MAX_AGE_MS + SIGNED_URL_LIFETIME_MS,
    );
    expect(readUploadGrace(undefined)).toBeUndefined();
    expect(readUploadGrace('90')).toBe(90_000);
    expect(() => readUploadGrace('-1')).toThrow('Invalid UPLOAD_GRACE_SECONDS: -1');
  });

  it('deletes an upload nobody sent once older than the grace period, with its thumbnail', async () => {
    const picture = await uploadPicture();
    expect(await statusOf(picture.url)).toBe(200);
    expect(await statusOf(picture.thumbnailUrl)).toBe(200);

    await makeOld(picture.name, picture.thumbnail);
    await sweptAway(picture.name);
    await sweptAway(picture.thumbnail);
    expect(await statusOf(picture.url)).toBe(404);
    expect(await statusOf(picture.thumbnailUrl)).toBe(404);
  });

  it('keeps a file sent in a chat message (and its thumbnail), a young upload and a post image', async () => {
    const sent = await uploadPicture();
    const young = await uploadPicture();
    const unsent = await uploadPicture();
    const socket = await ChatClient.open(server, ana);
    try {
      socket.send({
        type: 'chat_message',
        client_id: 'with-picture',
        message: '',
        sender_id: ana.id,
        receiver_id: bo.id,
        file_type: 'image',
        file_name: 'photo.png',
        file_url: sent.url,
      });
      await socket.next('chat_message', (f) => f.client_id === 'with-picture');
    } finally {
      socket.ws.close();
    }
    const categories = (
      await server.client().get<Category[]>('/posts/categories/', { token: ana.token })
    ).body;
    const form = new FormData();
    form.append('content_type', 'image');
    form.append('caption', 'Old but shown');
    form.append('categories', String(categories[0]?.id));
    form.append(
      'file',
      new Blob([new Uint8Array(await png('#cc6633'))], { type: 'image/png' }),
      'post.png',
    );
    const post = await server.client().post<Post>('/posts/create/', form, { token: ana.token });
    expect(post.status, post.text).toBe(201);
    const postFile = join(
      server.dataDir,
      'media',
      String(post.body.content_url)
        .slice(1)
        .replace(/^posts\/media/, 'posts'),
    );
    const then = new Date(Date.now() - 2 * HOUR_MS);
    await utimes(postFile, then, then);

    await makeOld(sent.name, sent.thumbnail, unsent.name, unsent.thumbnail);
    // The unsent one going shows a run has looked at everything made old above.
    await sweptAway(unsent.name);

    expect(await statusOf(sent.url)).toBe(200);
    expect(await statusOf(sent.thumbnailUrl)).toBe(200);
    expect((await rowOf(sent.name))?.sweep_kept_at).toBeInstanceOf(Date);
    expect((await rowOf(sent.thumbnail))?.sweep_kept_at).toBeInstanceOf(Date);
    expect(await statusOf(young.url)).toBe(200);
    expect((await rowOf(young.name))?.sweep_kept_at).toBeNull();
    expect(await statusOf(String(post.body.content_url))).toBe(200);
  });

  it("deletes a live stream's unsent rendition whole; a sent voice note's renditions stay", async () => {
    const live = await voiceWithRendition();
    const sent = await voiceWithRendition();
    await server.pglite.query(
      `insert into messages (room, sender_id, message, original_message, file_type, audio_url)
       values ($1, $2, '', '', 'audio', $3)`,
      [privateRoomName(ana.id, bo.id), ana.id, `${MEDIA_PATHS.filesPrefix}${sent.voice}`],
    );
    await makeOld(...Object.values(live), ...Object.values(sent));

    for (const name of Object.values(live)) await sweptAway(name);
    for (const name of Object.values(sent)) {
      expect(await rowOf(name)).not.toBeNull();
      expect(existsSync(join(chatFolder(), name))).toBe(true);
    }
    const renditions = await server.pglite.query(
      'select 1 from voice_renditions r join media_uploads u on u.id = r.upload_id where u.stored_name = $1',
      [sent.voice],
    );
    expect(renditions.rows).toHaveLength(1);
  });

  it('removes old files no row names from the media folders, and never a named or young one', async () => {
    const folder = (name: string) => join(server.dataDir, 'media', name);
    const write = async (dir: string, name: string, old: boolean) => {
      await mkdir(folder(dir), { recursive: true });
      await writeFile(join(folder(dir), name), randomBytes(32));
      const then = new Date(Date.now() - (old ? 2 * HOUR_MS : 0));
      await utimes(join(folder(dir), name), then, then);
      return join(folder(dir), name);
    };
    const random = (extension: string) => `${randomBytes(18).toString('base64url')}.${extension}`;
    const avatar = random('png');
    await server.pglite.query('update users set profile_image = $1 where id = $2', [
      `/media/profile-images/${avatar}`,
      bo.id,
    ]);
    const kept = [
      await write('profile-images', avatar, true),
      await write('posts', random('png'), false),
      await write('posts', '.keep', true),
    ];
    const stray = [
      await write('posts', random('png'), true),
      await write('profile-images', random('jpg'), true),
      await write('group-images', random('webp'), true),
      await write('chat', random('bin'), true),
    ];

    await vi.waitFor(() => {
      for (const file of stray) expect(existsSync(file), file).toBe(false);
    }, SWEEP_WAIT);
    for (const file of kept) expect(existsSync(file), file).toBe(true);
    expect(await statusOf(`/media/profile-images/${avatar}`)).toBe(200);
  });

  it('deletes in batches and removes an unsent upload whose file is already gone', async () => {
    // Five unsent pictures (ten rows with thumbnails) against a batch of two roots a statement.
    const pictures = await Promise.all([1, 2, 3, 4, 5].map(() => uploadPicture()));
    const first = pictures[0];
    if (!first) throw new Error('no upload');
    await rm(join(chatFolder(), first.name));
    await makeOld(...pictures.flatMap((p) => [p.name, p.thumbnail]));
    for (const picture of pictures) {
      await sweptAway(picture.name);
      await sweptAway(picture.thumbnail);
    }
  });

  it('logs a failed run and tries again at the next tick; close stops it', async () => {
    const failing = {
      execute: () => Promise.reject(new Error('database unreachable')),
    } as unknown as Database;
    const warnings: string[] = [];
    const log = { warn: (_: unknown, line: string) => warnings.push(line), info: () => undefined };
    const sweeper = new UploadSweeper(
      createUploadsRepository(failing),
      new LocalObjectStore(join(server.dataDir, 'media')),
      log as unknown as FastifyBaseLogger,
      {
        intervalMs: 20,
      },
    );
    sweeper.start();
    await vi.waitFor(() => expect(warnings.length).toBeGreaterThanOrEqual(2), SWEEP_WAIT);
    await sweeper.close();
    const after = warnings.length;
    // A deliberate quiet period: nothing may be logged once closed, and "nothing" has no event to
    // wait on, so five sweep intervals pass before the count is read again.
    await new Promise((resolve) => setTimeout(resolve, 5 * 20));
    expect(warnings.length).toBe(after);
    expect(warnings[0]).toBe('upload sweep failed');
  });
});
