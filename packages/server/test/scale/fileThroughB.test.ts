import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_PATHS } from '@parley/chat-sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../support/media.js';
import { S3_STAND_IN_CREDENTIALS, type S3StandIn, startS3StandIn } from '../support/s3StandIn.js';
import { printClusterOnFailure, ScaleCluster } from './support/scaleCluster.js';
import { registerThrough } from './support/scalePeople.js';

// Issue 28: files live in object storage, so any instance serves what another stored. Two
// instances, each with its own DATA_DIR (as on two machines), share PostgreSQL and an S3 stand-in
// (s3rver on 127.0.0.1), behind nginx with TLS. Needs nginx and PostgreSQL, like every scale test.

let s3: S3StandIn;
let cluster: ScaleCluster;
printClusterOnFailure(() => cluster);

beforeAll(async () => {
  s3 = await startS3StandIn();
  cluster = await ScaleCluster.start({
    dataDirPerInstance: true,
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // Strangers send files to each other here; message requests have their own tests.
      MESSAGE_REQUESTS: 'off',
    },
  });
}, 120_000);
afterAll(async () => {
  await cluster?.close();
  await s3?.close();
}, 60_000);

describe('files in object storage, behind the balancer', () => {
  it('a file uploaded through instance A is served through B and through nginx, whole and by range', async () => {
    const ana = await registerThrough(cluster.publicUrl);
    const bo = await registerThrough(cluster.publicUrl);
    const photo = await sharp({
      create: { width: 48, height: 32, channels: 3, background: '#2a9d8f' },
    })
      .png()
      .toBuffer();

    const sent = await upload(
      { url: cluster.instanceUrl('a') },
      MEDIA_PATHS.uploadFile,
      ana.token,
      { file_type: 'image', sender_id: String(ana.id), receiver_id: String(bo.id) },
      { field: 'file', bytes: photo, name: 'photo.png', type: 'image/png' },
    );
    expect(sent.status, sent.text).toBe(201);
    const link = new URL(String(sent.body.file_url), cluster.publicUrl);
    const name = link.pathname.split('/').pop() ?? '';
    const stored = await s3.store().readBytes(`chat/${name}`);
    expect(stored?.length).toBeGreaterThan(8);
    // In the bucket, not on the disk of the instance that took it.
    expect(existsSync(join(cluster.dir, 'data-a', 'media', 'chat', name))).toBe(false);

    const signed = `${link.pathname}${link.search}`;
    for (const base of [cluster.instanceUrl('b'), cluster.publicUrl, cluster.instanceUrl('a')]) {
      const whole = await fetch(`${base}${signed}`);
      expect(whole.status, base).toBe(200);
      expect(whole.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(stored ?? []))).toBe(true);
    }
    const size = stored?.length ?? 0;
    const part = await fetch(`${cluster.instanceUrl('b')}${signed}`, {
      headers: { Range: 'bytes=1-3' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${size}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('PNG');

    // Membership is still checked on B: a stranger's bearer token gets nothing.
    const carl = await registerThrough(cluster.publicUrl);
    const byOutsider = await fetch(`${cluster.instanceUrl('b')}${link.pathname}`, {
      headers: { Authorization: `Bearer ${carl.token}` },
    });
    expect(byOutsider.status).toBe(404);
    await byOutsider.arrayBuffer();
  });
});
