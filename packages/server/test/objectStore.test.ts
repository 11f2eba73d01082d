import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../src/media/store/localObjectStore.js';
import type { ObjectStore } from '../src/media/store/objectStore.js';
import { requestedRange } from '../src/media/store/storedObjectResponse.js';
import { readMediaStoreSettings } from '../src/serverEnv.js';
import { type S3StandIn, startS3StandIn } from './support/s3StandIn.js';

// One contract for both stores (issue 28): the local disk store and the S3 store against s3rver
// on 127.0.0.1 must answer every call the same way.

let s3: S3StandIn;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
  localRoot = await mkdtemp(join(tmpdir(), 'parley-local-store-'));
});
afterAll(async () => {
  await s3?.close();
  if (localRoot) await rm(localRoot, { recursive: true, force: true });
});

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const name = (extension = 'txt') => `${randomBytes(18).toString('base64url')}.${extension}`;

async function listed(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys.sort();
}

describe.each([
  ['local disk', () => new LocalObjectStore(localRoot) as ObjectStore],
  ['S3 (s3rver)', () => s3.store() as ObjectStore],
])('the %s store', (_, makeStore) => {
  it('puts, heads, reads whole and by range, and reads bytes', async () => {
    const store = makeStore();
    await store.check();
    const key = `chat/${name()}`;
    const before = Date.now() - 2_000;
    await store.put(key, Buffer.from('hello, object storage'), 'text/plain');

    const info = await store.head(key);
    expect(info?.size).toBe(21);
    expect(info?.modifiedAt).toBeGreaterThan(before);
    expect(await text(await store.read(key))).toBe('hello, object storage');
    expect(await text(await store.read(key, { start: 7, end: 12 }))).toBe('object');
    expect(await text(await store.read(key, { start: 20, end: 20 }))).toBe('e');
    expect(Buffer.from((await store.readBytes(key)) ?? []).toString()).toBe(
      'hello, object storage',
    );
  });

  it('keeps a file larger than one multipart part (11 MiB) whole', async () => {
    const store = makeStore();
    const key = `posts/${name('mp4')}`;
    const big = randomBytes(11 * 1024 * 1024);
    await store.put(key, big, 'video/mp4');
    expect((await store.head(key))?.size).toBe(big.length);
    expect(Buffer.from((await store.readBytes(key)) ?? []).equals(big)).toBe(true);
    await store.delete(key);
  });

  it('answers null for a missing key, deletes idempotently', async () => {
    const store = makeStore();
    const key = `posts/${name('png')}`;
    expect(await store.head(key)).toBeNull();
    expect(await store.read(key)).toBeNull();
    expect(await store.read(key, { start: 0, end: 3 })).toBeNull();
    expect(await store.readBytes(key)).toBeNull();
    await store.delete(key);

    await store.put(key, randomBytes(32), 'image/png');
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await store.delete(key);
  });

  it('lists by folder prefix only, and refuses keys that leave their folder', async () => {
    const store = makeStore();
    const pictures = [`profile-images/${name('png')}`, `profile-images/${name('png')}`];
    const other = `group-images/${name('png')}`;
    for (const key of [...pictures, other]) await store.put(key, randomBytes(8), 'image/png');

    expect(await listed(store, 'profile-images/')).toEqual([...pictures].sort());
    expect(await listed(store, 'group-images/')).toContain(other);
    expect(await listed(store, 'link-previews/')).toEqual([]);
    const sizes = [];
    for await (const object of store.list('profile-images/')) sizes.push(object.size);
    expect(sizes).toEqual([8, 8]);

    for (const bad of [
      '../etc/passwd',
      'chat/../../x',
      'chat/.hidden',
      '/chat/x',
      'chat/a/b',
      'x',
    ]) {
      await expect(store.put(bad, randomBytes(1), 'text/plain')).rejects.toThrow(/stored file key/);
      await expect(store.head(bad)).rejects.toThrow(/stored file key/);
    }
  });
});

describe('MEDIA_STORE settings', () => {
  const s3Env = { MEDIA_STORE: 's3', S3_BUCKET: 'b', AWS_REGION: 'eu-west-1' };

  it('defaults to local disk and reads the S3 variables', () => {
    expect(readMediaStoreSettings({})).toEqual({ kind: 'local' });
    expect(
      readMediaStoreSettings({
        ...s3Env,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({ kind: 's3', bucket: 'b', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('refuses wrong settings with a sentence that names the variable', () => {
    expect(() => readMediaStoreSettings({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/);
    expect(() => readMediaStoreSettings({ ...s3Env, S3_BUCKET: '' })).toThrow(/S3_BUCKET/);
    expect(() => readMediaStoreSettings({ ...s3Env, AWS_REGION: '' })).toThrow(/AWS_REGION/);
    expect(() => readMediaStoreSettings({ ...s3Env, S3_ENDPOINT: 'nope' })).toThrow(/S3_ENDPOINT/);
    expect(() => readMediaStoreSettings({ ...s3Env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(() => readMediaStoreSettings({ ...s3Env, AWS_ACCESS_KEY_ID: 'k' })).toThrow(
      /AWS_SECRET_ACCESS_KEY/,
    );
  });
});

describe('HTTP ranges', () => {
  it('reads start-end, open ends and suffixes; refuses what cannot be served', () => {
    expect(requestedRange(undefined, 10)).toBeNull();
    expect(requestedRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(requestedRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(requestedRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(requestedRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(requestedRange('bytes=10-', 10)).toBe('bad');
    expect(requestedRange('bytes=4-2', 10)).toBe('bad');
    expect(requestedRange('bytes=-', 10)).toBe('bad');
    expect(requestedRange('items=1-2', 10)).toBe('bad');
  });
});
