/**
 * The review worker's answers carry their bytes to the main thread without copies: the thread
 * moves them (transferList) and the main thread serves them as they came (asBuffer). A 15 MB XML
 * download of 49,000 rows was otherwise held three times more: a copy in the thread, its clone in
 * the main thread and the main thread's Buffer of that.
 */

/** What a postMessage may move of `bytes`: their memory when they own it whole, else nothing (a slice of a shared pool is copied). */
export function transferList(bytes: Uint8Array | null | undefined): ArrayBuffer[] {
  if (!bytes || !(bytes.buffer instanceof ArrayBuffer)) return [];
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer] : [];
}

/** `bytes` as a Buffer over the same memory (Buffer.from(bytes) would copy them). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
