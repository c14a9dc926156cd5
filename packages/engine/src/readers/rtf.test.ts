import { AppError } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import type { LayoutPage } from '../layout/model';
import { readRtf } from './rtf';

function show(page: LayoutPage): string[] {
  return page.lines.map((l) => l.runs.map((r) => `[${r.x0}]${r.text}`).join(' | '));
}

/** RTF is 7-bit text except where a test writes raw bytes on purpose. */
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

const HEAD =
  '{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1{\\fonttbl{\\f0\\fswiss\\fcharset0 Arial;}{\\f1\\fnil\\fcharset204 Arial Cyr;}}\n' +
  '{\\colortbl;\\red0\\green0\\blue0;}\n{\\info{\\title Statement}{\\author Someone}}\n' +
  '{\\footer\\pard\\qr Page {\\field{\\*\\fldinst PAGE}{\\fldrslt 1}}\\par}\n';

async function pages(body: string): Promise<[number, string[]][]> {
  const doc = await readRtf(bytes(`${HEAD}${body}}`));
  return doc.pages.map((p) => [p.number, show(p)]);
}

describe('readRtf', () => {
  it('reads tab-stop lines as cells by tab index, with escapes in the document code page', async () => {
    const tabs = '\\pard\\tx1300\\tx2600\\tqr\\tx9850 ';
    const body =
      `\\pard {\\b\\fs30 Example Bank AG}\\par\n\\pard \\par\n` +
      `${tabs}{\\b Buchungstag\\tab Valuta\\tab Verwendungszweck\\tab Betrag EUR}\\par\n` +
      `${tabs}{\\b alter Kontostand\\tab\\tab\\tab 3.119,14 H}\\par\n` +
      `${tabs}02.06.2025\\tab 02.06.2025\\tab Online-\\u220?berweisung\\tab 586,16 S\\par\n` +
      `${tabs}\\tab\\tab Stra\\'dfe 5 \\'80 \\{x\\}\\par\n`;
    expect(await pages(body)).toEqual([
      [
        1,
        [
          '[0]Example Bank AG',
          '[0]Buchungstag | [100]Valuta | [200]Verwendungszweck | [300]Betrag EUR',
          '[0]alter Kontostand | [300]3.119,14 H',
          '[0]02.06.2025 | [100]02.06.2025 | [200]Online-Überweisung | [300]586,16 S',
          '[200]Straße 5 € {x}',
        ],
      ],
    ]);
  });

  it('reads table rows as one cell per \\cell, joining line breaks inside a cell', async () => {
    const row = (cells: string[]) =>
      `\\trowd\\trgaph70\\cellx1100\\cellx5900\\cellx7300\n${cells.map((c) => `\\pard\\intbl\\ql ${c}\\cell`).join('\n')}\n\\row\n`;
    const body =
      row(['Date', 'Transaction', 'Debit']) +
      row(['01 Feb', 'ALDI Stores\\line Card xx1561\\line Value Date: 29/01/2023', '12.42']) +
      row(['', 'CONTINUED', '']) +
      '\\pard\\par\n\\pard Closing balance\\par\n';
    expect(await pages(body)).toEqual([
      [
        1,
        [
          '[0]Date | [100]Transaction | [200]Debit',
          '[0]01 Feb | [100]ALDI Stores Card xx1561 Value Date: 29/01/2023 | [200]12.42',
          '[100]CONTINUED',
          '[0]Closing balance',
        ],
      ],
    ]);
  });

  it('reads table cells of writers that leave out \\intbl', async () => {
    const body = '\\trowd\\cellx1000\\cellx2000\\pard 01/02\\cell Coffee\\tab shop\\cell\\row\n\\pard after\\par\n';
    expect(await pages(body)).toEqual([[1, ['[0]01/02 | [100]Coffee shop', '[0]after']]]);
  });

  it('splits paragraph text at wide gaps like fixed-width text, but keeps table cells whole', async () => {
    const body = '\\pard Opening 1.00   Closing 2.00\\par\n\\trowd\\cellx1000\\pard\\intbl A  B\\cell\\row\n';
    expect(await pages(body)).toEqual([[1, ['[0]Opening 1.00 | [90]Closing 2.00', '[0]A B']]]);
  });

  it('starts pages at \\page, \\pagebb and page-starting sections, not at \\sbknone ones', async () => {
    const body =
      '\\pard one\\par\\page\n\\pard two\\par\n' +
      '\\pard\\pagebb three\\par\n' +
      '\\sect\\sectd\\sbknone\\pard four\\par\n' +
      '\\sect\\sectd\\pard five\\par\\page\n';
    expect(await pages(body)).toEqual([
      [1, ['[0]one']],
      [2, ['[0]two']],
      [3, ['[0]three', '[0]four']],
      [4, ['[0]five']],
    ]);
  });

  it('skips ignorable destinations, pictures with binary data, field instructions and hidden text', async () => {
    const body =
      '{\\*\\generator Writer 1.0;}{\\stylesheet{\\s0 Normal;}}' +
      '\\pard Pay {\\field{\\*\\fldinst HYPERLINK "x"}{\\fldrslt here}} now{\\v  hidden}\\par\n' +
      '{\\pict\\pngblip\\bin4 {}\\ 89504e47}' +
      '{\\*\\bkmkstart b1}\\pard {\\pntext 1.\\tab}item\\par';
    expect(await pages(body)).toEqual([[1, ['[0]Pay here now', '[0]item']]]);
  });

  it('decodes \\u with its \\uc stand-ins, font code pages and \\ansicpg', async () => {
    const body =
      "\\pard {\\uc2\\u8364\\'80\\'80} {\\u-10179?\\u-8704?} \\uc0\\u233 \\par\n" +
      "\\pard {\\f1 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2} \\emdash \\ldblquote q\\rdblquote\\par\n";
    expect(await pages(body)).toEqual([[1, ['[0]€ 😀 é', '[0]Привет —“q”']]]);
    const cp1250 = await readRtf(bytes("{\\rtf1\\ansi\\ansicpg1250 \\pard \\'9a\\'e8\\par}"));
    expect(show(cp1250.pages[0] as LayoutPage)).toEqual(['[0]šč']);
  });

  it('opens the first page with the first page header, and leaves footers out', async () => {
    const doc = await readRtf(
      bytes(
        '{\\rtf1\\ansi\\titlepg{\\header\\pard Example Bank (continued)\\par}' +
          '{\\headerf\\pard Example Bank   Account 12345678\\par\\pard\\par}{\\footer\\pard Page 1\\par}' +
          '\\pard one\\par\\sect\\sectd{\\header\\pard Second section header\\par}\\pard two\\par}',
      ),
    );
    expect(doc.pages.map((p) => show(p))).toEqual([['[0]Example Bank | [90]Account 12345678', '[0]one'], ['[0]two']]);
  });

  it('answers an empty document with one page without lines', async () => {
    const doc = await readRtf(bytes('{\\rtf1\\ansi }'));
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]?.lines).toEqual([]);
  });

  it('answers garbage and truncated documents with UNREADABLE_FILE', async () => {
    const full = `${HEAD}\\pard text\\par}`;
    for (const bad of ['not rtf at all', full.slice(0, full.length - 8), '{\\rtf1 {\\b open', '{\\rtf1 \\']) {
      const err = await readRtf(bytes(bad)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('UNREADABLE_FILE');
    }
  });

  it('reads a long document completely', async () => {
    const line = (k: number) => `\\pard 01.02.2024\\tab Miete ${k}\\tab -500,00\\par\n`;
    const body = Array.from({ length: 5000 }, (_, k) => line(k)).join('');
    const page = (await readRtf(bytes(`{\\rtf1\\ansi ${body}}`))).pages[0] as LayoutPage;
    expect(page.lines).toHaveLength(5000);
    expect(show(page).at(-1)).toBe('[0]01.02.2024 | [100]Miete 4999 | [200]-500,00');
  });
});
