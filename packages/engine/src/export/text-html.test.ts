import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { euroStatement, INJECTION_PROBES, probeStatement, smallStatement } from './fixtures';
import { exportStatements } from './index';
import { displayWidth, wrap } from './text';

describe('text export', () => {
  it('aligns the table: every column starts at the same position on every row', async () => {
    const text = (await exportStatements([smallStatement()], 'txt')) as string;
    const lines = text.split('\n');
    const header = lines.findIndex((l) => l.includes('Date') && l.includes('Balance'));
    const rule = lines[header + 1]!;
    const tableRows = lines.slice(header + 2, header + 8);
    // The amount column (6th) ends at the same display position on every row.
    const ends = (line: string, needle: string) =>
      displayWidth(line.slice(0, line.lastIndexOf(needle) + needle.length));
    const runs = [...rule.matchAll(/-+/g)];
    const amountEnd = (runs[5]?.index ?? 0) + (runs[5]?.[0].length ?? 0);
    const amounts = ['-54.12', '2,000.00', '-100.00', '-1,200.00', '-12.50', '-5.00'];
    tableRows.forEach((row, i) => {
      expect(ends(row, amounts[i]!)).toBe(amountEnd);
    });
    expect(tableRows[3]?.startsWith('*')).toBe(true); // the row that does not add up
    expect(text).toContain('Reconciliation:  Does not add up');
    expect(text).toContain('Total credits:   2,000.00');
    const euro = (await exportStatements([euroStatement()], 'txt')) as string;
    expect(euro).toContain('Conversion notes:\n  Page 1: Page 1 was read with OCR (LOW_CONFIDENCE)');
    expect(euro).toContain('Opening balance: -100.00');
  });

  it('wraps long descriptions and keeps control characters out of the layout', async () => {
    expect(wrap('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    const text = (await exportStatements([probeStatement()], 'txt')) as string;
    expect(text).not.toContain('\t');
    expect(text).not.toContain('\r');
    expect(text).toContain('=1+2');
    expect(text).toContain('Line one line two, with "quotes"');
  });

  it('counts display cells: ASCII one each, wide CJK two, combining marks none', () => {
    expect(displayWidth('Card payment 12.50')).toBe(18);
    expect(displayWidth('Cafe\u0301')).toBe(4);
    expect(displayWidth('東京 ATM')).toBe(8);
    expect(displayWidth('a\tb')).toBe(3);
    // Plain ASCII takes a shortcut; any string measures as the sum of its pieces either way.
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme-ascii' }), (a, b) => {
        expect(displayWidth(a + b)).toBe(displayWidth(a) + displayWidth(b));
      }),
    );
  });
});

describe('HTML export', () => {
  it('is a standalone page with the summary, the table and highlighted mismatches', async () => {
    const html = (await exportStatements([smallStatement(), euroStatement()], 'html')) as string;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);
    expect(html).toContain('<dt>Opening balance</dt><dd class="num">1,520.33</dd>');
    expect(html).toContain('Statement 2 of 2');
    expect(html.match(/<tr class="mismatch">/g)).toHaveLength(1);
    expect(html).toContain('@media print');
    expect(html).toContain('<li>Page 1: Page 1 was read with OCR (LOW_CONFIDENCE)</li>');
  });

  it('escapes every piece of statement text', async () => {
    const s = smallStatement();
    s.statement.bankName = '<script>alert(1)</script>';
    s.transactions[0]!.description = '<img src=x onerror=alert(1)> & "quoted" \'single\'';
    const html = (await exportStatements([s, probeStatement()], 'html')) as string;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    for (const probe of INJECTION_PROBES.slice(0, 4))
      expect(html).toContain(`<td>${probe.replace(/"/g, '&quot;')}</td>`);
  });
});
