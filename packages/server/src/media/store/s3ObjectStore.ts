import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertObjectKey,
  type ByteRange,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
} from './objectStore.js';

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
  private readonly client: S3Client;

  constructor(settings: S3StoreSettings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      ...settings.client,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle ?? false,
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    // lib-storage sends one PutObject for small bodies and a multipart upload past 5 MiB parts.
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: assertObjectKey(key),
        Body: bytes,
        ContentType: contentType,
      },
    }).done();
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }),
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
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
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
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }),
      );
      return (await answer.Body?.transformToByteArray()) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }),
    );
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
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
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
