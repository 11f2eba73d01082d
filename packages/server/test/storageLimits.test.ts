import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_PATHS } from '@parley/chat-sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readStorageQuota, readUnsentUploadGrace } from '../src/serverEnv.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import { upload } from './support/media.js';
import { startTestServer, TEST_LIMITS, type TestServer } from './support/testServer.js';

const MIB = 1024 * 1024;

describe('storage quota per person', () => {
  let server: TestServer;
  let ana: ChatUser;
  let bo: ChatUser;
  beforeAll(async () => {
    // A 1 MiB quota instead of the 1 GiB default, so that a test can fill it.
    server = await startTestServer({ limits: { ...TEST_LIMITS, storageQuotaBytes: MIB } });
    ana = await createChatUser(server);
    bo = await createChatUser(server);
  });
  afterAll(() => server?.close());

  const sendFile = (user: ChatUser, to: ChatUser, bytes: Buffer) =>
    upload(
      server,
      MEDIA_PATHS.uploadFile,
      user.token,
      { sender_id: String(user.id), receiver_id: String(to.id) },
      { field: 'file', bytes, name: 'data.bin', type: 'application/octet-stream' },
    );

  it('an upload that would pass the quota → 413 {detail}; another person is unaffected', async () => {
    expect((await sendFile(ana, bo, randomBytes(600 * 1024))).status).toBe(201);
    const full = await sendFile(ana, bo, randomBytes(600 * 1024));
    expect(full.status).toBe(413);
    expect(full.body).toEqual({
      detail: 'Your storage is full (1 MiB). Delete some posts or files before uploading more.',
    });
    // Post media count too: a photo of noise stays large once re-encoded.
    const noise = await sharp(randomBytes(500 * 500 * 3), {
      raw: { width: 500, height: 500, channels: 3 },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('content_type', 'image');
    form.append('categories', '1');
    form.append('file', new Blob([noise], { type: 'image/png' }), 'noise.png');
    const post = await server.client().post('/posts/create/', form, { token: ana.token });
    expect(post.status, post.text).toBe(413);
    expect(post.body).toEqual(full.body);
    expect((await sendFile(bo, ana, randomBytes(600 * 1024))).status).toBe(201);
  });

  it('STORAGE_QUOTA_MB and UNSENT_UPLOAD_GRACE_SECONDS are read as documented', () => {
    expect(readStorageQuota(undefined)).toBeUndefined();
    expect(readStorageQuota('512')).toBe(512 * MIB);
    expect(() => readStorageQuota('0')).toThrow('Invalid STORAGE_QUOTA_MB: 0');
    expect(readUnsentUploadGrace('600')).toBe(600_000);
    expect(() => readUnsentUploadGrace('x')).toThrow('Invalid UNSENT_UPLOAD_GRACE_SECONDS: x');
  });
});

describe('unsent uploads expire after an hour (not 48 h)', () => {
  let server: TestServer;
  let ana: ChatUser;
  let bo: ChatUser;
  beforeAll(async () => {
    // The default grace periods; only the sweep runs more often.
    server = await startTestServer({ uploadSweep: { intervalMs: 200 } });
    ana = await createChatUser(server);
    bo = await createChatUser(server);
  });
  afterAll(async () => {
    server?.app.server.closeIdleConnections();
    await server?.close();
  });

  async function uploaded(): Promise<string> {
    const result = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      ana.token,
      { sender_id: String(ana.id), receiver_id: String(bo.id) },
      {
        field: 'file',
        bytes: randomBytes(256),
        name: 'note.bin',
        type: 'application/octet-stream',
      },
    );
    expect(result.status, result.text).toBe(201);
    return String(result.body.file_url).split('?')[0]?.slice(MEDIA_PATHS.filesPrefix.length) ?? '';
  }

  const age = (name: string, interval: string) =>
    server.pglite.query(
      `update media_uploads set created_at = now() - interval '${interval}' where stored_name = $1`,
      [name],
    );
  const exists = async (name: string) =>
    (await server.pglite.query('select 1 from media_uploads where stored_name = $1', [name])).rows
      .length > 0;

  it('an upload nobody sent is deleted after an hour, a younger one and the server’s speech stay', async () => {
    const old = await uploaded();
    const young = await uploaded();
    await age(old, '2 hours');
    await age(young, '30 minutes');
    // Speech the server made (kind synth), as old: handed out again for 12 h, so kept 48 h.
    await server.pglite.query(`update media_uploads set kind = 'synth' where stored_name = $1`, [
      young,
    ]);
    const speech = await uploaded();
    await server.pglite.query(
      `update media_uploads set kind = 'synth', created_at = now() - interval '2 hours'
       where stored_name = $1`,
      [speech],
    );
    // The row goes first, the file right after the commit.
    await vi.waitFor(
      async () => {
        expect(await exists(old)).toBe(false);
        expect(existsSync(join(server.dataDir, 'media', 'chat', old))).toBe(false);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(await exists(young)).toBe(true);
    expect(await exists(speech)).toBe(true);
  });
});
