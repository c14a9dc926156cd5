import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { euroStatement, INJECTION_PROBES, probeStatement, smallStatement } from './fixtures';
import { exportStatements, XML_SCHEMA_URL } from './index';

const schema = { fileName: 'statement.xsd', contents: readFileSync(XML_SCHEMA_URL, 'utf8') };

async function validate(xml: string) {
  return validateXML({ xml: { fileName: 'statement.xml', contents: xml }, schema });
}

/** Text of each `<name>` element, entities resolved (enough of an XML reader for these flat leaves). */
function leaves(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) =>
    (m[1] ?? '')
      .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
      .replace(/&(lt|gt|quot|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[e] ?? ''),
  );
}

describe('XML export', () => {
  it('validates against the XSD for one, several, and null-heavy statements', async () => {
    for (const statements of [[smallStatement()], [smallStatement(), euroStatement(), probeStatement()], []]) {
      const xml = (await exportStatements(statements, 'xml')) as string;
      const result = await validate(xml);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it('fails validation when content breaks the schema (the XSD is not a rubber stamp)', async () => {
    const xml = (await exportStatements([smallStatement()], 'xml')) as string;
    const result = await validate(xml.replace('<date>2025-01-03</date>', '<date>03/01/2025</date>'));
    expect(result.valid).toBe(false);
  });

  it('carries the JSON content: facts, transactions, reconciliation and issues', async () => {
    const xml = (await exportStatements([smallStatement(), euroStatement()], 'xml')) as string;
    const json = [smallStatement(), euroStatement()];
    expect(leaves(xml, 'description')).toEqual(json.flatMap((s) => s.transactions.map((t) => t.description)));
    expect(leaves(xml, 'amount').map(Number)).toEqual(json.flatMap((s) => s.transactions.map((t) => t.amount)));
    expect(leaves(xml, 'closingBalance')).toEqual(['2148.71', '1234.56']);
    expect(leaves(xml, 'openingBalance')).toEqual(['1520.33', '-100.00']);
    expect(xml).toContain('<reconciliation status="unbalanced">');
    expect(xml).toContain('<mismatch row="3" expected="2166.21" printed="2166.12"/>');
    expect(xml).toContain('<issue code="LOW_CONFIDENCE" page="1">Page 1 was read with OCR</issue>');
    expect(xml).toContain('<convertedStatement source="dezember.pdf">');
  });

  it('leaves null fields out and keeps control characters and markup as text', async () => {
    const xml = (await exportStatements([probeStatement()], 'xml')) as string;
    expect(xml).not.toContain('<bankName>');
    const descriptions = leaves(xml, 'description');
    expect(descriptions.slice(0, INJECTION_PROBES.length)).toEqual(INJECTION_PROBES);
    expect(descriptions.at(-1)).toBe('Line one\nline two, with "quotes"');
    expect(leaves(xml, 'reference')).toEqual(['=REF()']);
  });
});
