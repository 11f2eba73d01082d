import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStore } from '../../src/media/store/s3ObjectStore.js';

/** s3rver's fixed credentials: it checks signatures against these. */
export const S3_STAND_IN_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** A store on the stand-in's bucket, as MEDIA_STORE=s3 with S3_FORCE_PATH_STYLE=true makes. */
  store(): S3ObjectStore;
  close(): Promise<void>;
}

/** s3rver (npm) on 127.0.0.1 with one empty bucket, its files in a temporary folder. */
export async function startS3StandIn(bucket = 'parley-test'): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 'parley-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { address, port } = await server.run();
  const endpoint = `http://${address}:${port}`;
  const stores: S3ObjectStore[] = [];
  return {
    endpoint,
    bucket,
    store() {
      const store = new S3ObjectStore({
        bucket,
        endpoint,
        forcePathStyle: true,
        client: { region: 'us-east-1', credentials: S3_STAND_IN_CREDENTIALS },
      });
      stores.push(store);
      return store;
    },
    async close() {
      for (const store of stores) store.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
