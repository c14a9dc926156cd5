/**
 * Reads a multipart upload: exactly one file part named `file` plus small text fields.
 * The size limit is enforced while the bytes stream in (busboy stops at the limit), and
 * nothing touches the disk until the whole file has arrived and passed its checks, so a
 * rejected or interrupted upload leaves nothing behind.
 */
import { AppError, LIMITS, TEXTS } from '@statemint/shared';
import type { FastifyRequest } from 'fastify';

export const FILE_TOO_LARGE_MESSAGE = TEXTS.fileTooLarge;
export const NO_FILE_MESSAGE = 'Please choose a file to upload.';
export const EMPTY_FILE_MESSAGE = TEXTS.emptyFile;

/** Options for @fastify/multipart: explicit limits for everything (its defaults are 1 MiB). */
export const MULTIPART_LIMITS = {
  fileSize: LIMITS.maxUploadBytes,
  files: 1,
  fields: 10,
  fieldNameSize: 100,
  fieldSize: 4096,
  parts: 12,
  headerPairs: 50,
} as const;

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { field: 'file' }),
  FST_FILES_LIMIT: () => new AppError('VALIDATION_FAILED', 'Please upload one file at a time.', { field: 'file' }),
  FST_PARTS_LIMIT: () => new AppError('VALIDATION_FAILED', 'Too many form fields.'),
  FST_FIELDS_LIMIT: () => new AppError('VALIDATION_FAILED', 'Too many form fields.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('VALIDATION_FAILED', NO_FILE_MESSAGE, { field: 'file' }),
};

/** Longest file name kept; a longer one is refused as such (not mistaken for an unsupported type). */
export const MAX_FILE_NAME_LENGTH = 255;
export const NAME_TOO_LONG_MESSAGE = `The file name is too long: please rename the file to at most ${MAX_FILE_NAME_LENGTH} characters.`;
export const BAD_MULTIPART_MESSAGE = 'The upload could not be read: it is not a complete multipart form.';

// Bidirectional and invisible formatting characters: a name like 'statement\u202Efdp.exe' would
// read as something it is not wherever it is shown.
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/gu;

export function fileName(raw: string | undefined): string {
  // Only the last path segment, without control or bidi characters; it is data, never a path.
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  return [...base.replace(INVISIBLE, '')]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .trim();
}

/**
 * The values of `source`, until `signal` aborts (the upload gate cut a client that stalled): then
 * its reason is thrown, and the answer can go out while the unread body is left to the closing socket.
 */
async function* until<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
  if (!signal) return yield* source;
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(signal.reason);
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined);
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Left early (a break, an error, the cut): end the source as for-await would, without waiting on it.
    if (!done) void iterator.return?.()?.catch(() => undefined);
  }
}

/** The request's Content-Length, which bounds the file in it (Node ends the body there); null when not sent. */
function declaredLength(request: FastifyRequest): number | null {
  const declared = Number(request.headers['content-length']);
  return Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, LIMITS.maxUploadBytes) : null;
}

/**
 * A file's bytes as they arrive, copied into one buffer of the request's declared length, so
 * each received chunk is garbage at once and no second whole copy is made at the end (issue 29:
 * 24 admitted 9.9 MB uploads took the server from 220 to 960 MB). Untouched pages of the buffer
 * cost no memory, so a client that declares 10 MB and stalls holds only what it sent. Without a
 * declared length (or past it), chunks are kept and joined at the end.
 */
class FileBytes {
  #buffer: Buffer | null;
  #used = 0;
  #chunks: Buffer[] = [];

  constructor(capacity: number | null) {
    this.#buffer = capacity === null ? null : Buffer.allocUnsafe(capacity);
  }

  push(chunk: Buffer): void {
    if (this.#buffer && this.#used + chunk.length <= this.#buffer.length) {
      this.#used += chunk.copy(this.#buffer, this.#used);
      return;
    }
    if (this.#buffer) this.#chunks.push(this.#buffer.subarray(0, this.#used));
    this.#buffer = null;
    this.#chunks.push(chunk);
  }

  bytes(): Buffer {
    return this.#buffer ? this.#buffer.subarray(0, this.#used) : Buffer.concat(this.#chunks);
  }
}

export async function readUpload(request: FastifyRequest, signal?: AbortSignal): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', NO_FILE_MESSAGE, { field: 'file' });
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | null = null;
  try {
    for await (const part of until(request.parts(), signal)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', 'Please upload one file at a time, in the field "file".', {
            field: 'file',
          });
        }
        const sink = new FileBytes(declaredLength(request));
        let size = 0;
        for await (const chunk of until(part.file as AsyncIterable<Buffer>, signal)) {
          size += chunk.length;
          if (size > LIMITS.maxUploadBytes) break;
          sink.push(chunk);
        }
        if (part.file.truncated || size > LIMITS.maxUploadBytes)
          throw new AppError('FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { field: 'file' });
        const name = fileName(part.filename);
        if (name.length > MAX_FILE_NAME_LENGTH)
          throw new AppError('VALIDATION_FAILED', NAME_TOO_LONG_MESSAGE, { field: 'file' });
        file = { fileName: name, bytes: sink.bytes() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const mapped = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
    if (mapped) throw mapped();
    if (e instanceof AppError) throw e;
    // Anything else busboy raises is a malformed body (no boundary, garbage, no closing boundary).
    throw new AppError('VALIDATION_FAILED', BAD_MULTIPART_MESSAGE, { field: 'file' });
  }
  if (!file?.fileName) throw new AppError('VALIDATION_FAILED', NO_FILE_MESSAGE, { field: 'file' });
  // A file that arrived with no bytes was chosen: say what is wrong with it, not that none was.
  if (file.bytes.length === 0) throw new AppError('VALIDATION_FAILED', EMPTY_FILE_MESSAGE, { field: 'file' });
  return { ...file, fields };
}
