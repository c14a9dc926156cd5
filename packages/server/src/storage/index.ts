export { closeFileStore, createFileStore, type LocalStoreSpec, type S3StoreSpec, type StoreSpec } from './create';
export { EnvelopeError, open, seal } from './envelope';
export {
  assertValidKey,
  type FileStore,
  StoredObjectCorruptError,
  StoredObjectMissingError,
} from './file-store';
export { LocalFileStore } from './local-file-store';
export { S3FileStore } from './s3-file-store';
export { SealedStore } from './sealed-store';
