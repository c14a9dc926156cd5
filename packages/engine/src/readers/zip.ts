/**
 * ZIP batches: every supported file inside becomes its own conversion. Archives are hostile
 * until proven otherwise: limits are checked on the central directory before anything is
 * inflated, and again on the bytes actually inflated (declared sizes are never trusted).
 */
import { AppError, UPLOAD_EXTENSIONS } from '@statemint/shared';
import { Inflate } from 'fflate';

export interface ZipEntry {
  /** Sanitised entry name (no absolute path, no `..`). */
  name: string;
  bytes: Uint8Array;
}

export const ZIP_LIMITS = {
  maxEntries: 100,
  maxTotalBytes: 50 * 1024 * 1024,
  /** Uncompressed / compressed, per entry and for the whole archive. */
  maxRatio: 100,
} as const;

const SUPPORTED = new Set<string>(UPLOAD_EXTENSIONS.filter((e) => e !== 'zip'));
const ARCHIVES = new Set([
  'zip',
  'rar',
  '7z',
  'tar',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'zst',
  'lz',
  'lzma',
  'cab',
  'jar',
  'war',
  'iso',
]);

const SIG_EOCD = 0x06054b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;

const unsafe = (message: string) => new AppError('ZIP_UNSAFE', message);
const unreadable = () => new AppError('UNREADABLE_FILE', 'The ZIP archive could not be read. It may be damaged.');
const tooLarge = (message: string) => new AppError('ZIP_TOO_LARGE', message);

interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export async function readZipEntries(bytes: Uint8Array): Promise<{ entries: ZipEntry[]; skipped: string[] }> {
  const central = readCentralDirectory(bytes);
  if (central.length > ZIP_LIMITS.maxEntries)
    throw tooLarge(`The ZIP archive holds ${central.length} files; at most ${ZIP_LIMITS.maxEntries} are allowed.`);

  const wanted: { entry: CentralEntry; name: string }[] = [];
  const skipped: string[] = [];
  for (const entry of central) {
    const raw = entry.name.replace(/\\/g, '/');
    const name = sanitizeEntryName(raw);
    const base = name.split('/').pop() ?? '';
    const isDirectory = raw.endsWith('/');
    if (isDirectory || !base) continue;
    if (/(^|\/)__MACOSX\//.test(name) || name.split('/').some((seg) => seg.startsWith('.'))) {
      skipped.push(name);
      continue;
    }
    const ext = base.includes('.') ? (base.split('.').pop() ?? '').toLowerCase() : '';
    if (ARCHIVES.has(ext))
      throw unsafe(`The ZIP archive contains another archive (${name}); nested archives are not accepted.`);
    // Encrypted entries and compression methods other than stored/deflate cannot be read.
    if (!SUPPORTED.has(ext) || entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) {
      skipped.push(name);
      continue;
    }
    wanted.push({ entry, name });
  }

  // Declared sizes first: a cheap early answer for honest archives.
  let declared = 0;
  let compressed = 0;
  for (const { entry, name } of wanted) {
    declared += entry.size;
    compressed += entry.compressedSize;
    checkRatio(entry.size, entry.compressedSize, name);
  }
  if (declared > ZIP_LIMITS.maxTotalBytes) throw totalTooLarge();
  checkRatio(declared, compressed, null);

  const entries: ZipEntry[] = [];
  let inflatedTotal = 0;
  let compressedTotal = 0;
  for (const { entry, name } of wanted) {
    const data = localData(bytes, entry);
    const out = entry.method === 0 ? data.slice() : inflateLimited(data, entry, name, inflatedTotal);
    if (out.length !== entry.size) throw unsafe(`The ZIP entry ${name} is not the size the archive declares.`);
    inflatedTotal += out.length;
    compressedTotal += data.length;
    checkRatio(inflatedTotal, compressedTotal, null);
    entries.push({ name, bytes: out });
  }
  if (!entries.length)
    throw new AppError(
      'ZIP_EMPTY',
      'The ZIP archive contains no supported files (PDF, images, DOC, DOCX, TXT, RTF, CSV or XLSX).',
    );
  return { entries, skipped };
}

function totalTooLarge(): AppError {
  return tooLarge(
    `The files in the ZIP archive are larger than ${ZIP_LIMITS.maxTotalBytes / 1024 / 1024} MB in total.`,
  );
}

function checkRatio(size: number, compressedSize: number, name: string | null): void {
  if (size > Math.max(compressedSize, 1) * ZIP_LIMITS.maxRatio)
    throw unsafe(
      name
        ? `The ZIP entry ${name} expands more than ${ZIP_LIMITS.maxRatio} times; it looks like a ZIP bomb.`
        : `The ZIP archive expands more than ${ZIP_LIMITS.maxRatio} times; it looks like a ZIP bomb.`,
    );
}

/** Inflates in slices, stopping as soon as the output passes any limit. */
function inflateLimited(data: Uint8Array, entry: CentralEntry, name: string, inflatedBefore: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const limit = Math.min(entry.size, ZIP_LIMITS.maxTotalBytes - inflatedBefore, data.length * ZIP_LIMITS.maxRatio);
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > limit) {
      if (inflatedBefore + total > ZIP_LIMITS.maxTotalBytes) throw totalTooLarge();
      if (total > data.length * ZIP_LIMITS.maxRatio) checkRatio(total, data.length, name);
      throw unsafe(`The ZIP entry ${name} is larger than the archive declares.`);
    }
    chunks.push(chunk);
    if (final) ended = true;
  });
  const SLICE = 64 * 1024;
  try {
    for (let at = 0; at < data.length; at += SLICE) {
      const end = Math.min(data.length, at + SLICE);
      inflater.push(data.subarray(at, end), end === data.length);
    }
    if (!data.length) inflater.push(new Uint8Array(0), true);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(
      'UNREADABLE_FILE',
      `The ZIP entry ${name} could not be decompressed; the archive may be damaged.`,
    );
  }
  if (!ended) throw new AppError('UNREADABLE_FILE', `The ZIP entry ${name} is truncated; the archive may be damaged.`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function localData(bytes: Uint8Array, entry: CentralEntry): Uint8Array {
  const dv = view(bytes);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || dv.getUint32(at, true) !== SIG_LOCAL) throw unreadable();
  const start = at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw unreadable();
  return bytes.subarray(start, end);
}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

function readCentralDirectory(bytes: Uint8Array): CentralEntry[] {
  const dv = view(bytes);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (dv.getUint32(i, true) === SIG_EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = dv.getUint16(eocd + 10, true);
  const cdSize = dv.getUint32(eocd + 12, true);
  const cdOffset = dv.getUint32(eocd + 16, true);
  // ZIP64 markers: no 10 MB upload needs them; they only hide real sizes.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw unsafe('ZIP64 archives are not accepted.');
  if (count > ZIP_LIMITS.maxEntries)
    throw tooLarge(`The ZIP archive holds ${count} files; at most ${ZIP_LIMITS.maxEntries} are allowed.`);
  if (count === 0) throw new AppError('ZIP_EMPTY', 'The ZIP archive is empty.');
  if (cdOffset + cdSize > eocd) throw unreadable();
  const entries: CentralEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || dv.getUint32(p, true) !== SIG_CENTRAL) throw unreadable();
    const flags = dv.getUint16(p + 8, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    const compressedSize = dv.getUint32(p + 20, true);
    const size = dv.getUint32(p + 24, true);
    const localOffset = dv.getUint32(p + 42, true);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      throw unsafe('ZIP64 archives are not accepted.');
    const nameBytes = bytes.subarray(p + 46, p + 46 + nameLen);
    // Bit 11: UTF-8 names; otherwise CP437, close enough to Latin-1 for file names.
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(nameBytes);
    entries.push({ name, flags, method: dv.getUint16(p + 10, true), compressedSize, size, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * A relative path with forward slashes: drive letters and leading slashes are dropped, control
 * characters removed; a `..` segment makes the archive unsafe (it can only mean path traversal).
 */
export function sanitizeEntryName(raw: string): string {
  const segments = raw
    .replace(/\\/g, '/')
    .replace(/^[a-zA-Z]:/, '')
    .split('/')
    .map((s) =>
      [...s]
        .filter((ch) => ch >= ' ' && ch !== '\u007f')
        .join('')
        .trim(),
    )
    .filter((s) => s && s !== '.');
  if (segments.includes('..')) throw unsafe(`The ZIP archive contains an unsafe path (${raw}).`);
  return segments.join('/');
}
