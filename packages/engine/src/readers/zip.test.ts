import { AppError } from '@statemint/shared';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZipEntries, sanitizeEntryName, ZIP_LIMITS } from './zip';

const csv = strToU8('Date,Description,Amount\n2024-01-02,Coffee,-3.50\n');
const pdfLike = strToU8('%PDF-1.4\n% a tiny stand-in, the reader does not parse it\n');

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).code;
  }
}

/** Rewrites the central directory name of entry `index` (same length) to forge hostile names. */
function renameEntry(zip: Uint8Array, from: string, to: string): Uint8Array {
  expect(to.length).toBe(from.length);
  const out = zip.slice();
  const needle = strToU8(from);
  for (let i = 0; i + needle.length <= out.length; i++) {
    if (needle.every((b, k) => out[i + k] === b)) out.set(strToU8(to), i);
  }
  return out;
}

describe('readZipEntries', () => {
  it('returns supported entries with their bytes and lists the rest as skipped', async () => {
    const zip = zipSync({
      'march/statement.csv': csv,
      'april.PDF': pdfLike,
      'notes.docm': strToU8('macro'),
      '__MACOSX/._april.PDF': strToU8('resource fork'),
      '.DS_Store': strToU8('x'),
      'empty-dir/': new Uint8Array(0),
    });
    const { entries, skipped } = await readZipEntries(zip);
    expect(entries.map((e) => e.name).sort()).toEqual(['april.PDF', 'march/statement.csv']);
    expect(new TextDecoder().decode(entries.find((e) => e.name.endsWith('.csv'))?.bytes)).toContain('Coffee');
    expect(skipped.sort()).toEqual(['.DS_Store', '__MACOSX/._april.PDF', 'notes.docm']);
  });

  it('stores and deflates alike', async () => {
    const zip = zipSync({ 'a.csv': [csv, { level: 0 }], 'b.csv': [csv, { level: 9 }] });
    const { entries } = await readZipEntries(zip);
    expect(entries.map((e) => e.bytes.length)).toEqual([csv.length, csv.length]);
  });

  it('refuses a ZIP bomb (compression ratio over the limit) with ZIP_UNSAFE', async () => {
    const zeros = new Uint8Array(5 * 1024 * 1024);
    const zip = zipSync({ 'bomb.csv': [zeros, { level: 9 }] });
    expect(zip.length * ZIP_LIMITS.maxRatio).toBeLessThan(zeros.length);
    expect(await codeOf(readZipEntries(zip))).toBe('ZIP_UNSAFE');
  });

  it('does not trust declared sizes: an entry that inflates past them is refused', async () => {
    // Random-ish text compresses a little; declare it smaller than it is.
    let text = '';
    for (let i = 0; i < 20000; i++) text += `${(i * 7919) % 10007},`;
    const zip = zipSync({ 'liar.csv': [strToU8(text), { level: 9 }] });
    const forged = zip.slice();
    const dv = new DataView(forged.buffer);
    // Central directory entry: find its signature and halve the uncompressed size field.
    for (let i = forged.length - 22; i >= 0; i--) {
      if (dv.getUint32(i, true) === 0x02014b50) {
        dv.setUint32(i + 24, Math.floor(text.length / 2), true);
        break;
      }
    }
    expect(await codeOf(readZipEntries(forged))).toBe('ZIP_UNSAFE');
  });

  it('refuses path traversal with ZIP_UNSAFE', async () => {
    const zip = renameEntry(zipSync({ 'xx/yy/passwd.csv': csv }), 'xx/yy/passwd.csv', '../../passwd.csv');
    expect(await codeOf(readZipEntries(zip))).toBe('ZIP_UNSAFE');
  });

  it('sanitises absolute paths and drive letters', () => {
    expect(sanitizeEntryName('/etc/statement.pdf')).toBe('etc/statement.pdf');
    expect(sanitizeEntryName('C:\\Users\\me\\scan.png')).toBe('Users/me/scan.png');
    expect(sanitizeEntryName('./a//b/./c.csv')).toBe('a/b/c.csv');
    expect(() => sanitizeEntryName('a/../../b.csv')).toThrow(AppError);
  });

  it('refuses more than 100 entries with ZIP_TOO_LARGE', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i <= ZIP_LIMITS.maxEntries; i++) files[`s${i}.csv`] = csv;
    expect(await codeOf(readZipEntries(zipSync(files)))).toBe('ZIP_TOO_LARGE');
  });

  it('refuses more than 50 MB in total with ZIP_TOO_LARGE', async () => {
    // Incompressible-ish data so the ratio limit is not what trips.
    const chunk = new Uint8Array(9 * 1024 * 1024);
    let x = 12345;
    for (let i = 0; i < chunk.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      chunk[i] = x >>> 24;
    }
    const files: Record<string, [Uint8Array, { level: 0 }]> = {};
    for (let i = 0; i < 6; i++) files[`p${i}.pdf`] = [chunk, { level: 0 }];
    expect(await codeOf(readZipEntries(zipSync(files)))).toBe('ZIP_TOO_LARGE');
  });

  it('refuses nested archives with ZIP_UNSAFE', async () => {
    const inner = zipSync({ 'a.csv': csv });
    expect(await codeOf(readZipEntries(zipSync({ 'inner.zip': inner, 'b.csv': csv })))).toBe('ZIP_UNSAFE');
  });

  it('answers ZIP_EMPTY for an empty archive and for one without supported files', async () => {
    expect(await codeOf(readZipEntries(zipSync({})))).toBe('ZIP_EMPTY');
    expect(await codeOf(readZipEntries(zipSync({ 'readme.md': strToU8('hi'), 'dir/': new Uint8Array(0) })))).toBe(
      'ZIP_EMPTY',
    );
  });

  it('answers UNREADABLE_FILE for a damaged archive', async () => {
    const zip = zipSync({ 'a.csv': csv });
    expect(await codeOf(readZipEntries(zip.subarray(0, zip.length - 30)))).toBe('UNREADABLE_FILE');
  });
});
