/**
 * The upload type check: the name's extension must be on SPEC §5's list AND the bytes must
 * be what the extension says (magic bytes, via the engine's detector). The browser's MIME
 * type is never trusted.
 */
import { detectInputKind, type InputKind } from '@statemint/engine/detect';
import { AppError, TEXTS, type UPLOAD_EXTENSIONS } from '@statemint/shared';

export const UNSUPPORTED_MESSAGE = TEXTS.unsupportedFileType;

type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The kinds of content each extension may hold. */
const KINDS_BY_EXTENSION: Record<UploadExtension, readonly InputKind[]> = {
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
  // Plain text exports: a .txt may hold comma-separated lines and a .csv plain text.
  txt: ['txt', 'csv'],
  csv: ['csv', 'txt'],
  rtf: ['rtf'],
  xlsx: ['xlsx'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  tiff: ['tiff'],
  tif: ['tiff'],
  svg: ['svg'],
  zip: ['zip'],
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Returns the detected kind, or throws UNSUPPORTED_FILE_TYPE (415). */
export function checkUploadType(fileName: string, bytes: Uint8Array): InputKind {
  const ext = extensionOf(fileName);
  const allowed = (KINDS_BY_EXTENSION as Record<string, readonly InputKind[] | undefined>)[ext];
  if (!allowed) throw new AppError('UNSUPPORTED_FILE_TYPE', UNSUPPORTED_MESSAGE, { field: 'file' });
  const kind = detectInputKind(bytes, fileName);
  if (!allowed.includes(kind)) throw new AppError('UNSUPPORTED_FILE_TYPE', UNSUPPORTED_MESSAGE, { field: 'file' });
  return kind;
}
