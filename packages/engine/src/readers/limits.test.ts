/**
 * Issue 29, N5-N7: the input caps hold for every format and inside ZIPs. Before, a ZIP of three
 * one-line texts took 23 CPU s and 1.35 GB, a one-paragraph RTF 1.08 GB, a one-paragraph DOCX
 * overflowed the call stack (CONVERSION_FAILED), a DOCX of 40 million characters in 20,000-character
 * lines 19 CPU s, a 99-megapixel PNG ran out its 120 s at 825 MB.
 */
import { deflateSync } from 'node:zlib';
import { AppError } from '@statemint/shared';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import { type LayoutDocument, textPage } from '../layout/model';
import {
  checkDocumentText,
  checkImagePixels,
  checkTextBytes,
  IMAGE_PIXELS_MESSAGE,
  INPUT_LIMITS,
  LONG_LINE_MESSAGE,
  TOO_MANY_LINES_MESSAGE,
  TOO_MUCH_TEXT_MESSAGE,
} from './limits';

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { code: (e as AppError).code, message: (e as AppError).message };
  }
  throw new Error('expected a failure');
}

const WORDS = ['the', 'party', 'agreement', 'shall', 'hereby', 'pursuant', 'clause', 'terms', 'bank', 'any', 'such'];
/** Prose of n characters, single-spaced (one run per line, as legal text is), words in a drawn order. */
const prose = (n: number, seed = 1) => {
  const parts: string[] = [];
  let length = 0;
  for (let x = seed + 1; length < n; ) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    const word = WORDS[x % WORDS.length] as string;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ').slice(0, n);
};

const CSV = 'Date,Description,Amount,Balance\n2024-03-01,Opening balance,,100.00\n2024-03-02,Coffee,-3.50,96.50\n';

function docx(paragraphs: string[]): Uint8Array {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const body = paragraphs.map((t) => `<w:p><w:r><w:t>${t}</w:t></w:r></w:p>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    '_rels/.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(`<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`),
  });
}

/** A PNG that declares width x height (one grey row of data: only its header is ever read here). */
function pngHeader(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const b = Buffer.alloc(12 + data.length);
    b.writeUInt32BE(data.length, 0);
    b.write(type, 4, 'latin1');
    data.copy(b, 8);
    return b; // CRC left zero: a header read does not check it
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // 8-bit grey
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1, 255))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function bmpHeader(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(54);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(-height, 22); // top-down
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  return b;
}

describe('input caps (issue 29, N5-N7)', () => {
  it('refuses a text line past the limit on its bytes, in UTF-8 characters', () => {
    const max = INPUT_LIMITS.lineChars;
    expect(() => checkTextBytes(strToU8(`${prose(max)}\n${CSV}`), 'txt')).not.toThrow();
    expect(() => checkTextBytes(strToU8(`${CSV}${prose(max + 1)}`), 'csv')).toThrow(LONG_LINE_MESSAGE);
    // 'é' is two bytes: max characters of it are 2 * max bytes, still one allowed line.
    expect(() => checkTextBytes(strToU8('é'.repeat(max)), 'txt')).not.toThrow();
    expect(() => checkTextBytes(strToU8('é'.repeat(max + 1)), 'txt')).toThrow(LONG_LINE_MESSAGE);
    // Other kinds are read first and checked on their lines (checkDocumentText).
    expect(() => checkTextBytes(strToU8(prose(max + 1)), 'rtf')).not.toThrow();
  });

  it('refuses a text of more lines than the limit on its bytes (2.4 million short lines took 2.4 GB)', () => {
    const max = INPUT_LIMITS.documentLines;
    const text = (n: number, eol: string) => strToU8(`${'1,a,2\n'.replace('\n', eol).repeat(n)}${eol.repeat(5)}`);
    expect(() => checkTextBytes(text(max, '\r\n'), 'csv')).not.toThrow();
    expect(() => checkTextBytes(text(max + 1, '\n'), 'csv')).toThrow(TOO_MANY_LINES_MESSAGE);
    expect(() => checkTextBytes(text(max + 1, '\r\n'), 'txt')).toThrow(TOO_MANY_LINES_MESSAGE);
    const page = (n: number, number = 1) =>
      textPage(
        number,
        Array.from({ length: n }, (_, i) => `row ${i}`),
      );
    expect(() => checkDocumentText({ pages: [page(max / 2), page(max / 2, 2)] })).not.toThrow();
    expect(() => checkDocumentText({ pages: [page(max / 2), page(max / 2 + 1, 2)] })).toThrow(TOO_MANY_LINES_MESSAGE);
  });

  it('refuses a document whose line or whole text is past the limit, whatever read it', () => {
    const lines = (n: number, chars: number) => Array.from({ length: n }, (_, i) => prose(chars, i));
    const doc = (pages: string[][]): LayoutDocument => ({ pages: pages.map((p, i) => textPage(i + 1, p)) });
    expect(() => checkDocumentText(doc([lines(3, INPUT_LIMITS.lineChars)]))).not.toThrow();
    expect(() => checkDocumentText(doc([lines(1, INPUT_LIMITS.lineChars + 1)]))).toThrow(LONG_LINE_MESSAGE);
    // Lines just under the limit, on several pages, adding up past the document's limit.
    const perPage = lines(100, 19_990);
    const pages = Math.ceil(INPUT_LIMITS.documentChars / (100 * 19_990)) + 1;
    const e = (() => {
      try {
        checkDocumentText(doc(Array.from({ length: pages }, () => perPage)));
      } catch (err) {
        return err as AppError;
      }
      return null;
    })();
    expect(e).toMatchObject({ code: 'FILE_TOO_LARGE', message: TOO_MUCH_TEXT_MESSAGE });
  });

  it('refuses an image past the pixel limit from its header, before decoding it', async () => {
    // 10,000 x 10,000 declared in a file of a few hundred bytes (a real one compresses to 120 KB).
    const huge = pngHeader(10_000, 10_000);
    expect(huge.length).toBeLessThan(20_000);
    expect(await failure(checkImagePixels(huge, 'png'))).toEqual({
      code: 'IMAGE_TOO_LARGE',
      message: IMAGE_PIXELS_MESSAGE,
    });
    expect(await failure(convert(huge, { fileName: 'scan.png' }))).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect(await failure(checkImagePixels(bmpHeader(8_000, 6_000), 'bmp'))).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
    });
    await expect(checkImagePixels(pngHeader(5_000, 7_000), 'png')).resolves.toBeUndefined();
    await expect(checkImagePixels(bmpHeader(2_480, 3_508), 'bmp')).resolves.toBeUndefined();
  });

  it('holds inside a ZIP: each one-line text entry is refused, the batch with them', async () => {
    const line = strToU8(prose(2_000_000));
    const zip = zipSync({ 'a.txt': line, 'b.csv': line, 'c.txt': line });
    const e = await failure(convert(zip, { fileName: 'batch.zip' }));
    expect(e.code).toBe('NO_TRANSACTIONS');
    // A good entry beside them is converted; the refused ones are reported with their code.
    const mixed = zipSync({ 'a.txt': line, 'march.csv': strToU8(CSV) });
    const statements = await convert(mixed, { fileName: 'batch.zip' });
    expect(statements.map((s) => s.source)).toEqual(['a.txt', 'march.csv']);
    expect(statements[0]?.issues?.[0]).toMatchObject({ code: 'NOT_A_STATEMENT', message: LONG_LINE_MESSAGE });
    expect(statements[1]?.transactions.map((t) => t.description)).toEqual(['Coffee']);
  });

  it('holds for RTF and DOCX paragraphs: refused with NOT_A_STATEMENT, never a crash', async () => {
    const rtf = strToU8(`{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0 ${prose(3_000_000)}\\par}`);
    expect(await failure(convert(rtf, { fileName: 'terms.rtf' }))).toEqual({
      code: 'NOT_A_STATEMENT',
      message: LONG_LINE_MESSAGE,
    });
    // One paragraph of 3 million characters overflowed the call stack while it was laid out.
    expect(await failure(convert(docx([prose(3_000_000)]), { fileName: 'terms.docx' }))).toEqual({
      code: 'NOT_A_STATEMENT',
      message: LONG_LINE_MESSAGE,
    });
  });

  it('holds for a DOCX of many short paragraphs: too many lines, or a text part too large to read', async () => {
    const many = docx(Array.from({ length: INPUT_LIMITS.documentLines + 1 }, (_, i) => String(i)));
    expect(await failure(convert(many, { fileName: 'many.docx' }))).toEqual({
      code: 'FILE_TOO_LARGE',
      message: TOO_MANY_LINES_MESSAGE,
    });
    // 2.4 million paragraphs (90 MB of XML in a 9.4 MB file) took 1.6 GB before any limit applied.
    const huge = docx(Array.from({ length: 1_500_000 }, (_, i) => String(i % 10)));
    expect(await failure(convert(huge, { fileName: 'huge.docx' }))).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('holds for a DOCX of long lines adding up past the document limit', async () => {
    const paragraphs = Array.from({ length: Math.ceil(INPUT_LIMITS.documentChars / 19_990) + 1 }, (_, i) =>
      prose(19_990, i % 50),
    );
    expect(await failure(convert(docx(paragraphs), { fileName: 'terms.docx' }))).toEqual({
      code: 'FILE_TOO_LARGE',
      message: TOO_MUCH_TEXT_MESSAGE,
    });
  });
});
