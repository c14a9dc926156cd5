/** Decides what a file is from its bytes first, its name second (never the MIME type). */
import { decodeText, sniffUtf16 } from './decode';

export type InputKind =
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'doc'
  | 'rtf'
  | 'zip'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'bmp'
  | 'tiff'
  | 'svg'
  | 'csv'
  | 'txt'
  | 'unknown';

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

export function detectInputKind(bytes: Uint8Array, fileName = ''): InputKind {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  // The ZIP signature first: a ZIP whose first entry is a stored PDF has "%PDF-" in its first bytes.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    const names = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 1 << 20)));
    // Whole part names: a short "xl/" also turns up by chance inside compressed entries of a ZIP batch.
    if (names.includes('word/document.xml')) return 'docx';
    if (names.includes('xl/workbook.xml')) return 'xlsx';
    return 'zip';
  }
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return ext === 'xls' ? 'unknown' : 'doc';
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('BM')) return 'bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  // UTF-16 text (Excel's "Unicode text" exports) is full of zero bytes: its BOM identifies it,
  // or without one, the zero byte in every other place that mostly-ASCII text leaves.
  const utf16 = startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]) || sniffUtf16(bytes) !== null;
  if (utf16 || looksLikeText(bytes)) {
    const text = utf16 ? decodeText(bytes.subarray(0, 8192)) : head;
    return ext === 'csv' ? 'csv' : ext === 'txt' ? 'txt' : looksLikeCsv(text) ? 'csv' : 'txt';
  }
  return 'unknown';
}

function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  if (n === 0) return false;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = bytes[i] as number;
    if (c === 0) return false;
    if (c < 9 || (c > 13 && c < 32)) control++;
  }
  return control / n < 0.01;
}

function looksLikeCsv(head: string): boolean {
  const lines = head
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 10);
  if (lines.length < 2) return false;
  for (const sep of [',', ';', '\t']) {
    const counts = lines.map((l) => l.split(sep).length - 1);
    if (counts.every((c) => c > 0 && c === counts[0])) return true;
  }
  return false;
}
