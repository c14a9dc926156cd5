import type { Statement } from '@statemint/shared';
import { parse as parseOfx } from 'ofx-js';
import { describe, expect, it } from 'vitest';
import { euroStatement, INJECTION_PROBES, probeStatement, smallStatement } from './fixtures';
import { exportStatements } from './index';

const GENERATED_AT = new Date(Date.UTC(2025, 1, 1, 12));

interface ParsedTransaction {
  TRNTYPE: string;
  DTPOSTED: string;
  TRNAMT: string;
  FITID: string;
  NAME: string;
  MEMO: string;
  REFNUM?: string;
  CHECKNUM?: string;
}

async function ofxText(statements: Statement[], format: 'ofx' | 'qfx' | 'qbo'): Promise<string> {
  const out = await exportStatements(statements, format, { generatedAt: GENERATED_AT });
  return typeof out === 'string' ? out : Buffer.from(out).toString('latin1');
}

/** The statement responses of a parsed OFX file, one or several. */
async function responses(text: string) {
  const parsed = await parseOfx(text);
  const trnrs = parsed.OFX.BANKMSGSRSV1.STMTTRNRS;
  return (Array.isArray(trnrs) ? trnrs : [trnrs]).map((r) => {
    const rs = r.STMTRS;
    const list = rs.BANKTRANLIST.STMTTRN;
    return {
      currency: rs.CURDEF as string,
      account: rs.BANKACCTFROM.ACCTID as string,
      balance: rs.LEDGERBAL.BALAMT as string,
      asOf: rs.LEDGERBAL.DTASOF as string,
      start: rs.BANKTRANLIST.DTSTART as string,
      end: rs.BANKTRANLIST.DTEND as string,
      transactions: (list === undefined ? [] : Array.isArray(list) ? list : [list]) as ParsedTransaction[],
      header: parsed.header,
      signOn: parsed.OFX.SIGNONMSGSRSV1.SONRS,
    };
  });
}

describe.each(['ofx', 'qfx', 'qbo'] as const)('%s export', (format) => {
  it('parses back with the account, currency, closing balance and every transaction', async () => {
    const [r] = await responses(await ofxText([smallStatement()], format));
    expect(r?.account).toBe('****4821');
    expect(r?.currency).toBe('USD');
    expect(r?.balance).toBe('2148.71');
    expect(r?.asOf).toBe('20250131');
    expect([r?.start, r?.end]).toEqual(['20250101', '20250131']);
    const t = r?.transactions ?? [];
    expect(t.map((x) => x.TRNAMT)).toEqual(['-54.12', '2000.00', '-100.00', '-1200.00', '-12.50', '-5.00']);
    expect(t.map((x) => x.TRNTYPE)).toEqual(['DEBIT', 'DIRECTDEP', 'ATM', 'CHECK', 'DEBIT', 'FEE']);
    expect(t[3]?.CHECKNUM).toBe('1042');
    expect(t[0]?.DTPOSTED).toBe('20250103');
    expect(t[0]?.MEMO).toBe('CARD PURCHASE WHOLE FOODS #123 AUSTIN TX');
    expect(t[0]?.NAME).toBe('CARD PURCHASE WHOLE FOODS #123 A'); // NAME holds 32 characters
    expect(t[3]?.REFNUM).toBe('1042');
    expect(new Set(t.map((x) => x.FITID)).size).toBe(6);
  });

  it('gives the same FITIDs on every export and distinct ones to identical rows', async () => {
    const twice = smallStatement();
    twice.transactions.push({ ...twice.transactions[0]! });
    const a = (await responses(await ofxText([twice], format)))[0]!.transactions.map((x) => x.FITID);
    const b = (await responses(await ofxText([twice], format)))[0]!.transactions.map((x) => x.FITID);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(7);
    // An earlier export of the statement without the extra row shares all its ids.
    const original = (await responses(await ofxText([smallStatement()], format)))[0]!.transactions.map((x) => x.FITID);
    expect(a.slice(0, 6)).toEqual(original);
  });

  it('writes several statements as several statement responses, with defaults for missing facts', async () => {
    const all = await responses(await ofxText([smallStatement(), euroStatement(), probeStatement()], format));
    expect(all.map((r) => r.currency)).toEqual(['USD', 'EUR', 'USD']);
    expect(all.map((r) => r.account)).toEqual(['****4821', 'DE89370400440532013000', 'UNKNOWN']);
    expect(all.map((r) => r.balance)).toEqual(['2148.71', '1234.56', '-5.55']);
    const probes = all[2]!.transactions;
    // Formula-looking descriptions are carried verbatim (whitespace folded), never altered or evaluated.
    expect(probes.slice(0, INJECTION_PROBES.length).map((x) => x.MEMO)).toEqual(
      INJECTION_PROBES.map((p) => p.replace(/\s+/g, ' ').trim()),
    );
  });
});

describe('OFX dialects', () => {
  it('writes OFX 2.2 as XML and QFX/QBO as OFX 1.02 SGML with the Intuit bank id', async () => {
    const ofx = await ofxText([smallStatement()], 'ofx');
    expect(
      ofx.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<?OFX OFXHEADER="200" VERSION="220"'),
    ).toBe(true);
    expect(ofx).toContain('<MEMO>Café Müller &amp; Söhne &lt;Zürich&gt; "Kaffee" 東京</MEMO>');
    for (const format of ['qfx', 'qbo'] as const) {
      const bytes = (await exportStatements([smallStatement()], format, { generatedAt: GENERATED_AT })) as Uint8Array;
      const text = Buffer.from(bytes).toString('latin1');
      expect(text.split('\r\n').slice(0, 10)).toEqual([
        'OFXHEADER:100',
        'DATA:OFXSGML',
        'VERSION:102',
        'SECURITY:NONE',
        'ENCODING:USASCII',
        'CHARSET:1252',
        'COMPRESSION:NONE',
        'OLDFILEUID:NONE',
        'NEWFILEUID:NONE',
        '',
      ]);
      expect(text).toContain('<INTU.BID>3000\r\n');
      expect(text).toContain('<FI>\r\n<ORG>Example Savings Bank\r\n<FID>3000\r\n</FI>');
      expect(text).toContain('<DTSERVER>20250201120000.000[0:GMT]');
      // Windows-1252: é is one byte; a character outside it becomes '?'.
      expect(bytes.includes(0xe9)).toBe(true);
      expect(text).toContain('<MEMO>Café Müller &amp; Söhne &lt;Zürich&gt; "Kaffee" ??');
      const [r] = await responses(text);
      expect(r?.signOn.INTUBID).toBe('3000');
    }
    const custom = (await exportStatements([smallStatement()], 'qbo', { intuBid: '10898' })) as Uint8Array;
    expect(Buffer.from(custom).toString('latin1')).toContain('<INTU.BID>10898');
  });
});
