/**
 * A description of a store that can cross into a worker thread (plain data), and the
 * store it describes. The S3-compatible store joins here with the scale-out work.
 */
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';

export interface LocalStoreSpec {
  kind: 'local';
  root: string;
  masterKey: Uint8Array;
}

export type StoreSpec = LocalStoreSpec;

export function createFileStore(spec: StoreSpec): FileStore {
  return new LocalFileStore(spec.root, Buffer.from(spec.masterKey));
}
