/**
 * A description of the store that can cross into a worker thread (plain data), and the store it
 * describes: the local folder or the S3-compatible bucket, always sealed with the master key.
 */
import type { Config } from '../config/config';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';
import { SealedStore } from './sealed-store';

export interface LocalStoreSpec {
  kind: 'local';
  root: string;
  masterKey: Uint8Array;
}

export interface S3StoreSpec {
  kind: 's3';
  bucket: string;
  endpoint?: string | undefined;
  region?: string | undefined;
  forcePathStyle?: boolean | undefined;
  masterKey: Uint8Array;
}

export type StoreSpec = LocalStoreSpec | S3StoreSpec;

/** The store the configuration names: S3_BUCKET switches to S3, else DATA_DIR/files. */
export function storeSpecOf(config: Config, masterKey: Uint8Array, localRoot: string): StoreSpec {
  if (config.s3Bucket)
    return {
      kind: 's3',
      bucket: config.s3Bucket,
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      forcePathStyle: config.s3ForcePathStyle,
      masterKey,
    };
  return { kind: 'local', root: localRoot, masterKey };
}

export function createFileStore(spec: StoreSpec): SealedStore {
  const inner =
    spec.kind === 's3'
      ? new S3FileStore({
          bucket: spec.bucket,
          endpoint: spec.endpoint,
          region: spec.region,
          forcePathStyle: spec.forcePathStyle,
        })
      : new LocalFileStore(spec.root);
  return new SealedStore(inner, spec.masterKey);
}

/** Lets go of the store's connections (S3), once it is no longer used. */
export function closeFileStore(store: SealedStore): void {
  if (store.inner instanceof S3FileStore) store.inner.close();
}
