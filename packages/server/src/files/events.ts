/**
 * Changes of a file's record, pushed to the browser (server-sent events) instead of being polled:
 * the files service tells this process's listeners when a file changed (a conversion's outcome,
 * a retry). Another process's changes (BullMQ workers elsewhere) reach them through a slow check
 * of the database that the event stream keeps as a fallback. One per files context (`files.events`).
 */
import { EventEmitter } from 'node:events';

export class FileEvents {
  readonly #emitter = new EventEmitter();

  constructor() {
    // One listener per open event stream.
    this.#emitter.setMaxListeners(0);
  }

  /** Tells every listener that the record of `fileId` changed. */
  changed(fileId: string): void {
    this.#emitter.emit('changed', fileId);
  }

  /** Calls `listener` with the id of every file that changes; returns the unsubscribe function. */
  onChanged(listener: (fileId: string) => void): () => void {
    this.#emitter.on('changed', listener);
    return () => this.#emitter.off('changed', listener);
  }
}
