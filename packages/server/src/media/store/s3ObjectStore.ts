import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import {
  assertObjectKey,
  type ByteRange,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
} from './objectStore.js';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * The AWS SDK, loaded with the store's first call (issue 24): importing it costs ~14 MB of
 * resident memory, which a server on the local store (the default) never needs, and which an S3
 * deployment pays when it first touches a file or checks readiness.
 */
interface Loaded {
  sdk: S3Sdk;
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
  client: S3Client;
}

export interface S3StoreSettings {
  bucket: string;
  /** For S3-compatible stores other than AWS (MinIO, Ceph, a stand-in); AWS's own when absent. */
  endpoint?: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: most non-AWS stores want it. */
  forcePathStyle?: boolean;
  /** Region and credentials come from the SDK's own chain (AWS_REGION, AWS_ACCESS_KEY_ID, …). */
  client?: Omit<S3ClientConfig, 'endpoint' | 'forcePathStyle'>;
}

/** A missing key: GetObject says NoSuchKey, HeadObject only a bare 404. */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === 'NoSuchKey' ||
    failure.name === 'NotFound' ||
    failure.$metadata?.httpStatusCode === 404
  );
}

/** Files in an S3-compatible bucket (`MEDIA_STORE=s3`), keyed like the local store's paths. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly settings: S3StoreSettings;
  private loading: Promise<Loaded> | null = null;
  private loaded: Loaded | null = null;
  private closed = false;

  constructor(settings: S3StoreSettings) {
    this.bucket = settings.bucket;
    this.settings = settings;
  }

  private load(): Promise<Loaded> {
    this.loading ??= (async () => {
      const [sdk, storage] = await Promise.all([
        import('@aws-sdk/client-s3'),
        import('@aws-sdk/lib-storage'),
      ]);
      const { settings } = this;
      const client = new sdk.S3Client({
        ...settings.client,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle ?? false,
      });
      const loaded = { sdk, Upload: storage.Upload, client };
      // Closed while the SDK was loading: the client is not kept.
      if (this.closed) client.destroy();
      else this.loaded = loaded;
      return loaded;
    })();
    // A failed import is tried again on the next call rather than remembered.
    this.loading.catch(() => {
      this.loading = null;
    });
    return this.loading;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const { Upload, client } = await this.load();
    // lib-storage sends one PutObject for small bodies and a multipart upload past 5 MiB parts.
    await new Upload({
      client,
      params: {
        Bucket: this.bucket,
        Key: assertObjectKey(key),
        Body: bytes,
        ContentType: contentType,
      },
    }).done();
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const { sdk, client } = await this.load();
    try {
      const answer = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }),
      );
      return {
        size: answer.ContentLength ?? 0,
        modifiedAt: answer.LastModified?.getTime() ?? 0,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const { sdk, client } = await this.load();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: assertObjectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // In Node the body is the response's IncomingMessage: streamed, never buffered here.
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async readBytes(key: string): Promise<Uint8Array | null> {
    const { sdk, client } = await this.load();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }),
      );
      return (await answer.Body?.transformToByteArray()) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.load();
    await client.send(
      new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }),
    );
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const { sdk, client } = await this.load();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        yield {
          key: item.Key,
          size: item.Size ?? 0,
          modifiedAt: item.LastModified?.getTime() ?? 0,
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    const { sdk, client } = await this.load();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.closed = true;
    this.loaded?.client.destroy();
    this.loaded = null;
  }
}
