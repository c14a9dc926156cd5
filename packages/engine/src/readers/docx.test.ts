import { AppError } from '@statemint/shared';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { LayoutPage } from '../layout/model';
import { decodeEntities, readDocx } from './docx';

function show(page: LayoutPage): string[] {
  return page.lines.map((l) => l.runs.map((r) => `[${r.x0}]${r.text}`).join(' | '));
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const MC = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const RELS =
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

function docx(
  body: string,
  { mainPart = 'word/document.xml', sectPr = '<w:sectPr/>', parts = {} as Record<string, string> } = {},
): Uint8Array {
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W} ${MC} ${R}><w:body>${body}${sectPr}</w:body></w:document>`;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<Types/>'),
    '_rels/.rels': strToU8(RELS.replace('word/document.xml', mainPart)),
    [mainPart]: strToU8(xml),
  };
  for (const [name, text] of Object.entries(parts)) files[name] = strToU8(text);
  return zipSync(files);
}

const p = (text: string, pPr = '') =>
  `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const tc = (content: string, tcPr = '') => `<w:tc>${tcPr ? `<w:tcPr>${tcPr}</w:tcPr>` : ''}${content}</w:tc>`;
const tr = (...cells: string[]) => `<w:tr>${cells.join('')}</w:tr>`;
const tbl = (...rows: string[]) => `<w:tbl><w:tblPr/><w:tblGrid/>${rows.join('')}</w:tbl>`;

describe('readDocx', () => {
  it('reads header paragraphs and a table in document order, one run per cell', async () => {
    const body =
      p('Example Bank &amp; Trust') +
      p('Period: 01/03/2025 &#8211; 31/03/2025') +
      '<w:p/>' +
      tbl(
        tr(tc(p('Date')), tc(p('Details')), tc(p('Paid out')), tc(p('Balance'))),
        tr(tc(p('01 Mar 25')), tc(p('CARD PAYMENT') + p('SHOP LONDON')), tc(p('12.50')), tc(p('987.50'))),
        tr(tc(p('')), tc(p('SALARY')), tc(p('')), tc(p('1,987.50'))),
      ) +
      p('Closing balance 1,987.50');
    const doc = await readDocx(docx(body));
    expect(doc.pages).toHaveLength(1);
    const page = doc.pages[0] as LayoutPage;
    expect(page.number).toBe(1);
    expect(show(page)).toEqual([
      '[0]Example Bank & Trust',
      '[0]Period: 01/03/2025 – 31/03/2025',
      '[0]Date | [100]Details | [200]Paid out | [300]Balance',
      '[0]01 Mar 25 | [100]CARD PAYMENT SHOP LONDON | [200]12.50 | [300]987.50',
      '[100]SALARY | [300]1,987.50',
      '[0]Closing balance 1,987.50',
    ]);
  });

  it('starts pages at page breaks, page-break-before and new-page sections, not at continuous ones', async () => {
    const body =
      p('one') +
      '<w:p><w:r><w:t>two</w:t><w:br w:type="page"/><w:t>three</w:t></w:r></w:p>' +
      p('four', '<w:pageBreakBefore/>') +
      p('not a break', '<w:pageBreakBefore w:val="0"/>') +
      p('end of section 1', '<w:sectPr/>') +
      p('five') +
      p('end of section 2', '<w:sectPr><w:type w:val="continuous"/></w:sectPr>') +
      p('six') +
      '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
    const doc = await readDocx(docx(body));
    // A section's type says how it starts: section 2 is continuous (no break after section 1),
    // section 3 (the body's last sectPr, default type) starts a new page.
    expect(doc.pages.map((pg) => [pg.number, show(pg)])).toEqual([
      [1, ['[0]one', '[0]two']],
      [2, ['[0]three']],
      [3, ['[0]four', '[0]not a break', '[0]end of section 1', '[0]five', '[0]end of section 2']],
      [4, ['[0]six']],
    ]);
  });

  it('splits paragraphs at tabs into grid cells and lines at line breaks', async () => {
    const body =
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="1300"/></w:tabs></w:pPr>' +
      '<w:r><w:t>02.07.2024</w:t></w:r><w:r><w:tab/><w:t>Miete</w:t><w:tab/><w:t>-500,00</w:t></w:r></w:p>' +
      '<w:p><w:r><w:tab/><w:t>Juli</w:t><w:br/><w:t>second line</w:t></w:r></w:p>';
    const page = (await readDocx(docx(body))).pages[0] as LayoutPage;
    expect(show(page)).toEqual(['[0]02.07.2024 | [100]Miete | [200]-500,00', '[100]Juli', '[0]second line']);
  });

  it('lays out tab-less paragraphs like fixed-width text, splits tab cells at wide gaps, keeps table cells whole', async () => {
    const tabbed = '<w:p><w:r><w:t xml:space="preserve">01/02   Rent</w:t><w:tab/><w:t>-5.00</w:t></w:r></w:p>';
    const body =
      p('Opening 1.00   Closing 2.00') + p('    indented') + tabbed + tbl(tr(tc(p('CARD  PAYMENT')), tc(p('1.00'))));
    const page = (await readDocx(docx(body))).pages[0] as LayoutPage;
    // Fixed-width: 6 units a character. In a tab cell, 12 characters share the cell's 90 units.
    expect(show(page)).toEqual([
      '[0]Opening 1.00 | [90]Closing 2.00',
      '[24]indented',
      '[0]01/02 | [60]Rent | [100]-5.00',
      '[0]CARD PAYMENT | [100]1.00',
    ]);
    expect(page.lines[0]?.runs.map((r) => [r.x0, r.x1])).toEqual([
      [0, 72],
      [90, 162],
    ]);
  });

  it('respects grid spans and grid-before so columns line up', async () => {
    const body = tbl(
      tr(tc(p('A')), tc(p('B')), tc(p('C')), tc(p('D'))),
      tr(tc(p('wide'), '<w:gridSpan w:val="2"/>'), tc(p('c')), tc(p('d'))),
      `<w:tr><w:trPr><w:gridBefore w:val="3"/></w:trPr>${tc(p('only d'))}</w:tr>`,
    );
    const page = (await readDocx(docx(body))).pages[0] as LayoutPage;
    expect(show(page)).toEqual(['[0]A | [100]B | [200]C | [300]D', '[0]wide | [200]c | [300]d', '[300]only d']);
  });

  it('flattens nested tables into their cell, skips fallback duplicates, hidden and deleted text', async () => {
    const body =
      tbl(tr(tc(p('outer') + tbl(tr(tc(p('in1')), tc(p('in2'))))), tc(p('x')))) +
      '<w:p><w:r><w:t>visible</w:t></w:r><w:r><w:rPr><w:vanish/></w:rPr><w:t>hidden</w:t></w:r>' +
      '<w:del><w:r><w:delText>deleted</w:delText></w:r></w:del>' +
      '<mc:AlternateContent><mc:Choice Requires="wps"><w:r><w:t> box</w:t></w:r></mc:Choice>' +
      '<mc:Fallback><w:r><w:t> box again</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>';
    const page = (await readDocx(docx(body))).pages[0] as LayoutPage;
    expect(show(page)).toEqual(['[0]outer in1 in2 | [100]x', '[0]visible box']);
  });

  it('opens the first page with the first page header, and leaves footers out', async () => {
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>' +
      '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header2.xml"/>' +
      '<Relationship Id="rId10" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/></Relationships>';
    const part = (root: string, text: string) => `<w:${root} ${W}>${p(text)}<w:p/></w:${root}>`;
    const doc = await readDocx(
      docx(p('body one') + p('body two', '<w:pageBreakBefore/>'), {
        sectPr:
          '<w:sectPr><w:headerReference w:type="default" r:id="rId9"/><w:headerReference w:type="first" r:id="rId8"/>' +
          '<w:footerReference w:type="default" r:id="rId10"/><w:titlePg/></w:sectPr>',
        parts: {
          'word/_rels/document.xml.rels': rels,
          'word/header1.xml': part('hdr', 'Example Bank   Account 12345678'),
          'word/header2.xml': part('hdr', 'Example Bank (continued)'),
          'word/footer1.xml': part('ftr', 'Page 1 of 2'),
        },
      }),
    );
    expect(doc.pages.map((pg) => show(pg))).toEqual([
      ['[0]Example Bank | [90]Account 12345678', '[0]body one'],
      ['[0]body two'],
    ]);
  });

  it('finds the main part through the package relationships', async () => {
    const page = (await readDocx(docx(p('elsewhere'), { mainPart: 'word/document2.xml' }))).pages[0] as LayoutPage;
    expect(show(page)).toEqual(['[0]elsewhere']);
  });

  it('answers an empty document with one page without lines', async () => {
    const doc = await readDocx(docx(''));
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]?.lines).toEqual([]);
  });

  it('answers truncated, foreign and partless files with UNREADABLE_FILE', async () => {
    const good = docx(p('text'));
    const noPart = zipSync({ 'other.txt': strToU8('x') });
    for (const bad of [good.subarray(0, good.length - 30), strToU8('plain text'), noPart]) {
      const err = await readDocx(bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('UNREADABLE_FILE');
    }
  });
});

describe('decodeEntities', () => {
  it.each([
    ['a &amp; b', 'a & b'],
    ['&lt;tag&gt; &quot;q&quot; &apos;s&apos;', `<tag> "q" 's'`],
    ['&#228;&#xE4;&#x1F600;', 'ää😀'],
    ['&unknown; &#xZZ;', '&unknown; &#xZZ;'],
  ])('%s', (input, output) => {
    expect(decodeEntities(input)).toBe(output);
  });
});
