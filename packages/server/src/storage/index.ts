export { createFileStore, type LocalStoreSpec, type StoreSpec } from './create';
export { EnvelopeError, open, seal } from './envelope';
export {
  assertValidKey,
  type FileStore,
  StoredObjectCorruptError,
  StoredObjectMissingError,
} from './file-store';
export { LocalFileStore } from './local-file-store';
