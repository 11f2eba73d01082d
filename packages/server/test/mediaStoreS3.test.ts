import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_PATHS, MEDIA_PATHS, POST_PATHS } from '@parley/chat-sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { finishBackup, restoreBackup, writeBackupFiles } from '../src/dataDir/backup.js';
import type { S3ObjectStore } from '../src/media/store/s3ObjectStore.js';
import { registerUser } from './support/accounts.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { upload } from './support/media.js';
import { type S3StandIn, startS3StandIn } from './support/s3StandIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// MEDIA_STORE=s3 end to end (issue 28): a real server whose store is s3rver on 127.0.0.1. Files
// go into the bucket (never DATA_DIR), come back through Parley's own signed URLs with ranges,
// and the unsent-upload sweep and account deletion remove them from the bucket.

const HOUR_MS = 60 * 60_000;
const WAIT = { timeout: 10_000, interval: 100 };

let s3: S3StandIn;
let bucket: S3ObjectStore;
let server: TestServer;

beforeAll(async () => {
  s3 = await startS3StandIn();
  bucket = s3.store();
  server = await startTestServer({
    mediaStore: s3.store(),
    uploadSweep: { graceMs: HOUR_MS, intervalMs: 200 },
  });
});
afterAll(async () => {
  server?.app.server.closeIdleConnections();
  await server?.close();
  await s3?.close();
});

interface Person {
  id: number;
  username: string;
  token: string;
  password: string;
  browser: HttpClient;
}

async function person(): Promise<Person> {
  const browser = server.client();
  const registered = await registerUser(browser);
  return {
    id: registered.user_id,
    username: registered.user_name,
    token: registered.access_token,
    password: registered.payload.password,
    browser,
  };
}

async function picture(background = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
}

const nameOf = (url: unknown) => String(url).split('?')[0]?.split('/').pop() ?? '';

async function uploadPicture(from: Person, to: Person) {
  const result = await upload(
    server,
    MEDIA_PATHS.uploadFile,
    from.token,
    { file_type: 'image', sender_id: String(from.id), receiver_id: String(to.id) },
    { field: 'file', bytes: await picture(), name: 'photo.png', type: 'image/png' },
  );
  expect(result.status, result.text).toBe(201);
  return {
    url: String(result.body.file_url),
    name: nameOf(result.body.file_url),
    thumbnail: nameOf(result.body.thumbnail_url),
  };
}

describe('MEDIA_STORE=s3', () => {
  it('keeps uploads in the bucket and serves them through signed URLs, whole and by range', async () => {
    const ana = await person();
    const bo = await person();
    const carl = await person();
    await connectUsers(server, ana, bo);
    const sent = await uploadPicture(ana, bo);

    const stored = await bucket.readBytes(`chat/${sent.name}`);
    expect(stored?.length).toBeGreaterThan(8);
    expect(await bucket.head(`chat/${sent.thumbnail}`)).not.toBeNull();
    expect(existsSync(join(server.dataDir, 'media', 'chat'))).toBe(false);

    const whole = await fetch(`${server.url}${sent.url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(stored ?? []))).toBe(true);

    const size = stored?.length ?? 0;
    const head = await fetch(`${server.url}${sent.url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    const part = await fetch(`${server.url}${sent.url}`, { headers: { Range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${size}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('PNG');
    const tail = await fetch(`${server.url}${sent.url}`, { headers: { Range: 'bytes=-4' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 4}-${size - 1}/${size}`);
    await tail.arrayBuffer();
    const beyond = await fetch(`${server.url}${sent.url}`, {
      headers: { Range: `bytes=${size}-` },
    });
    expect(beyond.status).toBe(416);
    await beyond.arrayBuffer();

    // Membership is still Parley's to check: a member by bearer token, nobody else.
    const path = sent.url.split('?')[0];
    const byMember = await fetch(`${server.url}${path}`, {
      headers: { Authorization: `Bearer ${bo.token}` },
    });
    expect(byMember.status).toBe(200);
    await byMember.arrayBuffer();
    const byOutsider = await fetch(`${server.url}${path}`, {
      headers: { Authorization: `Bearer ${carl.token}` },
    });
    expect(byOutsider.status).toBe(404);
    await byOutsider.arrayBuffer();
  });

  it('sweeps unsent uploads out of the bucket', async () => {
    const ana = await person();
    const bo = await person();
    await connectUsers(server, ana, bo);
    const unsent = await uploadPicture(ana, bo);
    expect(await bucket.head(`chat/${unsent.name}`)).not.toBeNull();

    await server.pglite.query(
      `update media_uploads set created_at = now() - interval '2 hours' where stored_name = any($1)`,
      [[unsent.name, unsent.thumbnail]],
    );
    await vi.waitFor(async () => {
      expect(await bucket.head(`chat/${unsent.name}`)).toBeNull();
      expect(await bucket.head(`chat/${unsent.thumbnail}`)).toBeNull();
    }, WAIT);
    const gone = await fetch(`${server.url}${unsent.url}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
  });

  it("removes a deleted account's chat files, profile picture and post media from the bucket", async () => {
    const ana = await person();
    const bo = await person();
    await connectUsers(server, ana, bo);
    const sent = await uploadPicture(ana, bo);

    const avatar = new FormData();
    avatar.append('profile_image', new Blob([new Uint8Array(await picture('#aa3300'))]), 'a.png');
    const profile = await ana.browser.patch<{ profile_image: string }>(
      ACCOUNT_PATHS.updateProfileImage,
      avatar,
      { token: ana.token },
    );
    expect(profile.status, profile.text).toBe(200);
    const postForm = new FormData();
    postForm.append('content_type', 'image');
    postForm.append('caption', 'my post');
    postForm.append('categories', '1');
    postForm.append('file', new Blob([new Uint8Array(await picture('#00aa33'))]), 'p.png');
    const post = await ana.browser.post<{ content_url: string }>(POST_PATHS.create, postForm, {
      token: ana.token,
    });
    expect(post.status, post.text).toBe(201);

    const keys = [
      `chat/${sent.name}`,
      `chat/${sent.thumbnail}`,
      `profile-images/${nameOf(profile.body.profile_image)}`,
      `posts/${nameOf(post.body.content_url)}`,
    ];
    for (const key of keys) expect(await bucket.head(key), key).not.toBeNull();
    // Post media and profile pictures are served from the bucket too (posts with ranges).
    const postFile = await fetch(`${server.url}${post.body.content_url}`, {
      headers: { Range: 'bytes=0-3' },
    });
    expect(postFile.status).toBe(206);
    expect(
      Buffer.from(await postFile.arrayBuffer())
        .toString('latin1')
        .slice(1),
    ).toBe('PNG');
    const avatarFile = await fetch(`${server.url}${profile.body.profile_image}`);
    expect(avatarFile.status).toBe(200);
    expect(avatarFile.headers.get('content-type')).toBe('image/png');
    await avatarFile.arrayBuffer();

    const deleted = await ana.browser.post(
      ACCOUNT_PATHS.deleteAccount,
      { password: ana.password },
      { token: ana.token, csrf: true },
    );
    expect(deleted.status, deleted.text).toBe(204);
    for (const key of keys) expect(await bucket.head(key), key).toBeNull();
  });

  it("backs the bucket's files up beside the database and restores them into a bucket", async () => {
    const ana = await person();
    const bo = await person();
    await connectUsers(server, ana, bo);
    const sent = await uploadPicture(ana, bo);
    const stored = Buffer.from((await bucket.readBytes(`chat/${sent.name}`)) ?? []);
    const target = await mkdtemp(join(tmpdir(), 'parley-s3-backup-'));
    const restoredDataDir = await mkdtemp(join(tmpdir(), 'parley-s3-restored-'));
    const restoredS3 = await startS3StandIn('parley-restored');
    try {
      const backup = await finishBackup(
        await writeBackupFiles(server.pglite, server.dataDir, target, bucket),
      );
      expect(backup.mediaFiles).toBeGreaterThanOrEqual(2);
      expect((await readFile(join(backup.path, 'media', 'chat', sent.name))).equals(stored)).toBe(
        true,
      );

      const restoredBucket = restoredS3.store();
      const restored = await restoreBackup(backup.path, restoredDataDir, {
        objects: restoredBucket,
      });
      expect(restored.mediaFiles).toBe(backup.mediaFiles);
      expect(Buffer.from((await restoredBucket.readBytes(`chat/${sent.name}`)) ?? [])).toEqual(
        stored,
      );
      expect(existsSync(join(restoredDataDir, 'media'))).toBe(false);
    } finally {
      await restoredS3.close();
      await rm(target, { recursive: true, force: true });
      await rm(restoredDataDir, { recursive: true, force: true });
    }
  });
});
