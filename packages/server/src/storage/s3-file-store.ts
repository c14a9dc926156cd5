/**
 * An S3-compatible bucket as the store (S3_BUCKET): AWS S3, MinIO, Cloudflare R2, ... through
 * @aws-sdk/client-s3. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role). A put is atomic in S3 (an object appears
 * whole or not at all), so no temporary objects are needed. Objects arrive sealed (sealed-store.ts).
 */
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidKey, type FileStore, StoredObjectMissingError } from './file-store';

export interface S3Location {
  bucket: string;
  /** Another service than AWS (MinIO, R2, a local test server): its URL. */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most test servers. */
  forcePathStyle?: boolean | undefined;
  /** Keys listed per request (S3's most is 1000; tests make it small to see several pages). */
  listPageSize?: number | undefined;
}

function status(e: unknown): number | undefined {
  return e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined;
}

function isMissing(e: unknown): boolean {
  return (
    status(e) === 404 ||
    (e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.name === 'NoSuchBucket'))
  );
}

export class S3FileStore implements FileStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly #listPageSize: number;

  constructor(location: S3Location) {
    this.bucket = location.bucket;
    this.#listPageSize = location.listPageSize ?? 1000;
    this.client = new S3Client({
      region: location.region ?? 'us-east-1',
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      forcePathStyle: location.forcePathStyle ?? false,
      // A store of one process's files: a handful of connections, retried a few times.
      maxAttempts: 3,
    });
  }

  /** The bucket answers; one that does not exist yet is made (a fresh MinIO, say). */
  async init(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      if (!isMissing(e)) throw e;
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      } catch (created) {
        // Another process made it meanwhile.
        const name = created instanceof S3ServiceException ? created.name : '';
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw created;
      }
    }
  }

  async put(key: string, data: Uint8Array | string): Promise<void> {
    assertValidKey(key);
    const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) throw new StoredObjectMissingError(key);
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (e) {
      if (isMissing(e)) throw new StoredObjectMissingError(key);
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers a delete of a missing key like any other.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Listed first, then deleted a page at a time (at most 1000 keys per request).
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = res.Errors ?? [];
      if (failed.length > 0)
        throw new Error(`could not delete ${failed.length} objects under '${prefix}/': ${failed[0]?.Code ?? ''}`);
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertValidKey(prefix);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${prefix}/`,
          MaxKeys: this.#listPageSize,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
      if (res.IsTruncated && !token) throw new Error(`the listing of '${prefix}/' was cut without a continuation`);
    } while (token);
    return keys.sort();
  }

  close(): void {
    this.client.destroy();
  }
}
