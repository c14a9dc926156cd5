/**
 * Changes of a file's record, pushed to the browser (server-sent events) instead of being polled:
 * the files service tells this process's listeners when a file changed (a conversion's outcome,
 * a retry). Another process's changes (BullMQ workers elsewhere) reach them through a slow check
 * of the database that the event stream keeps as a fallback.
 */
import { EventEmitter } from 'node:events';
import type { FilesContext } from './context';

const emitters = new WeakMap<FilesContext, EventEmitter>();

function emitterOf(files: FilesContext): EventEmitter {
  let e = emitters.get(files);
  if (!e) {
    e = new EventEmitter();
    // One listener per open event stream.
    e.setMaxListeners(0);
    emitters.set(files, e);
  }
  return e;
}

export function notifyFileChanged(files: FilesContext, fileId: string): void {
  emitters.get(files)?.emit('changed', fileId);
}

/** Calls `listener` with the id of every file that changes; returns the unsubscribe function. */
export function onFileChanged(files: FilesContext, listener: (fileId: string) => void): () => void {
  const e = emitterOf(files);
  e.on('changed', listener);
  return () => e.off('changed', listener);
}
