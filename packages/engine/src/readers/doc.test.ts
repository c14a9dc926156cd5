import { AppError } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import type { LayoutPage } from '../layout/model';
import { docTextPages, readDoc } from './doc';

function show(page: LayoutPage): string[] {
  return page.lines.map((l) => l.runs.map((r) => `[${r.x0}]${r.text}`).join(' | '));
}

/**
 * A minimal Word 97 binary document: a compound file with a WordDocument stream (FIB and
 * 8-bit text) and a 1Table stream (piece table; paragraph properties marking the given
 * characters as table-row ends, as Word does).
 */
function buildDoc(text: string, rowEnds: number[] = []): Uint8Array {
  const TEXT_AT = 0x800;
  const FKP_PAGE = Math.ceil((TEXT_AT + text.length) / 512);
  const wordSize = Math.max(4096, (FKP_PAGE + 1) * 512);
  const word = new DataView(new ArrayBuffer(wordSize));
  const wordBytes = new Uint8Array(word.buffer);
  word.setUint16(0, 0xa5ec, true);
  word.setUint16(0x0a, 0x0200, true); // the table stream is "1Table"
  word.setUint32(0x18, TEXT_AT, true);
  word.setUint32(0x4c, text.length, true); // ccpText
  for (let i = 0; i < text.length; i++) wordBytes[TEXT_AT + i] = text.charCodeAt(i);

  const table = new DataView(new ArrayBuffer(4096));
  // CLX at 0: one piece of 8-bit ("compressed") text.
  table.setUint8(0, 2);
  table.setUint32(1, 16, true);
  table.setUint32(5, 0, true);
  table.setUint32(9, text.length, true);
  table.setUint32(13 + 2, ((TEXT_AT * 2) | 0x40000000) >>> 0, true);
  word.setUint32(0x1a2, 0, true); // fcClx

  if (rowEnds.length) {
    // One paragraph-property page: plain runs, and a one-character run for each row end
    // carrying sprmPFTtp (0x2417).
    table.setUint32(0x20, TEXT_AT, true);
    table.setUint32(0x24, TEXT_AT + text.length, true);
    table.setUint32(0x28, FKP_PAGE, true);
    word.setUint32(0x102, 0x20, true);
    word.setUint32(0x106, 12, true);
    const bounds: [number, boolean][] = [];
    let at = 0;
    for (const p of rowEnds) {
      if (p > at) bounds.push([at, false]);
      bounds.push([p, true]);
      at = p + 1;
    }
    if (at < text.length) bounds.push([at, false]);
    const fkp = FKP_PAGE * 512;
    const crun = bounds.length;
    bounds.forEach(([start, ttp], j) => {
      word.setUint32(fkp + j * 4, TEXT_AT + start, true);
      word.setUint8(fkp + (crun + 1) * 4 + j * 13, ttp ? 245 : 240);
    });
    word.setUint32(fkp + crun * 4, TEXT_AT + text.length, true);
    wordBytes.set([0, 1, 0, 0], fkp + 480); // istd only
    wordBytes.set([3, 0, 0, 0x17, 0x24, 1], fkp + 490); // istd + sprmPFTtp
    word.setUint8(fkp + 511, crun);
  }
  return compoundFile([
    ['WordDocument', wordBytes],
    ['1Table', new Uint8Array(table.buffer)],
  ]);
}

/** A version 3 compound file (512-byte sectors) holding streams of at least 4096 bytes. */
function compoundFile(streams: [string, Uint8Array][]): Uint8Array {
  const sectors = streams.map(([, b]) => Math.ceil(b.length / 512));
  const total = 2 + sectors.reduce((a, b) => a + b, 0);
  const out = new Uint8Array(512 * (1 + total));
  const view = new DataView(out.buffer);
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  view.setUint16(24, 0x3e, true);
  view.setUint16(26, 3, true);
  view.setUint16(28, 0xfffe, true);
  view.setUint16(30, 9, true);
  view.setUint16(32, 6, true);
  view.setInt32(44, 1, true); // one FAT sector
  view.setInt32(48, 1, true); // directory at sector 1
  view.setInt32(56, 4096, true);
  view.setInt32(60, -2, true);
  view.setInt32(68, -2, true);
  for (let i = 0; i < 109; i++) view.setInt32(76 + i * 4, i === 0 ? 0 : -1, true);
  const sector = (n: number) => 512 * (n + 1);
  const fat = (n: number, v: number) => view.setInt32(sector(0) + n * 4, v, true);
  for (let i = 0; i < 128; i++) fat(i, -1);
  fat(0, -3);
  fat(1, -2);
  const entry = (i: number, name: string, type: number, child: number, right: number, start: number, size: number) => {
    const at = sector(1) + i * 128;
    for (let k = 0; k < name.length; k++) view.setUint16(at + k * 2, name.charCodeAt(k), true);
    view.setUint16(at + 64, (name.length + 1) * 2, true);
    view.setUint8(at + 66, type);
    view.setUint8(at + 67, 1);
    view.setInt32(at + 68, -1, true);
    view.setInt32(at + 72, right, true);
    view.setInt32(at + 76, child, true);
    view.setInt32(at + 116, start, true);
    view.setUint32(at + 120, size, true);
  };
  entry(0, 'Root Entry', 5, 1, -1, -2, 0);
  let next = 2;
  streams.forEach(([name, bytes], k) => {
    const count = sectors[k] as number;
    for (let s = 0; s < count; s++) fat(next + s, s === count - 1 ? -2 : next + s + 1);
    entry(k + 1, name, 2, -1, k + 1 < streams.length ? k + 2 : -1, next, bytes.length);
    out.set(bytes, sector(next));
    next += count;
  });
  for (let i = streams.length + 1; i < 4; i++) entry(i, '', 0, -1, -1, -1, 0);
  return out;
}

/** Word's text of a table: each cell ends with \x07, and each row with one more \x07. */
function tableText(rows: string[][], before: string, after: string): { text: string; rowEnds: number[] } {
  let text = before;
  const rowEnds: number[] = [];
  for (const row of rows) {
    text += row.map((c) => `${c}\x07`).join('');
    rowEnds.push(text.length);
    text += '\x07';
  }
  return { text: text + after, rowEnds };
}

const { text: TABLE_TEXT, rowEnds: ROW_ENDS } = tableText(
  [
    ['Date', 'Details', 'Amount'],
    ['01/02/2024', 'Coffee\rshop', '-3.20'],
    ['02/02/2024', 'Salary', ''],
  ],
  'Example Bank\rPeriod 01/02/2024 - 29/02/2024 \x13 PAGE \x14(p. 1)\x15\r',
  'Closing balance\tEUR 100.00\r\fPage two\r',
);

describe('readDoc', () => {
  it('reads paragraphs, table rows (row ends from paragraph properties) and page breaks', async () => {
    const doc = await readDoc(buildDoc(TABLE_TEXT, ROW_ENDS));
    expect(doc.pages.map((p) => [p.number, show(p)])).toEqual([
      [
        1,
        [
          '[0]Example Bank',
          '[0]Period 01/02/2024 - 29/02/2024 (p. 1)',
          '[0]Date | [100]Details | [200]Amount',
          '[0]01/02/2024 | [100]Coffee shop | [200]-3.20',
          '[0]02/02/2024 | [100]Salary',
          '[0]Closing balance | [100]EUR 100.00',
        ],
      ],
      [2, ['[0]Page two']],
    ]);
  });

  it('finds the row width from the cell marks alone when row ends are not marked', async () => {
    const doc = await readDoc(buildDoc(TABLE_TEXT));
    expect(show(doc.pages[0] as LayoutPage).slice(2, 5)).toEqual([
      '[0]Date | [100]Details | [200]Amount',
      '[0]01/02/2024 | [100]Coffee shop | [200]-3.20',
      '[0]02/02/2024 | [100]Salary',
    ]);
  });

  it('answers an empty document with one page without lines', async () => {
    const doc = await readDoc(buildDoc('\r'));
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]?.lines).toEqual([]);
  });

  it('answers damaged and foreign files with UNREADABLE_FILE', async () => {
    const good = buildDoc(TABLE_TEXT, ROW_ENDS);
    const notWord = compoundFile([['Workbook', new Uint8Array(4096)]]);
    // Sector 3 of the WordDocument chain points back at sector 2: word-extractor alone would loop forever.
    const looping = good.slice();
    new DataView(looping.buffer).setInt32(512 + 3 * 4, 2, true);
    for (const bad of [good.subarray(0, 600), notWord, looping, new TextEncoder().encode('plain text')]) {
      const err = await readDoc(bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('UNREADABLE_FILE');
    }
    await expect(readDoc(looping)).rejects.toThrow(/loops/);
  });
});

describe('docTextPages', () => {
  it('keeps irregular tables readable and line breaks as lines', () => {
    expect(docTextPages('a\x0bb\tc\rX\x07\x07Y\x07Z\x07\x07\rend').map((p) => p.rows)).toEqual([
      [['a'], ['b', 'c'], ['X'], ['Y', 'Z'], [''], ['end']],
    ]);
  });
});
