import { PassThrough } from 'node:stream';
import { downloadName, OUTPUT_FORMATS, type Statement } from '@statemint/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from './describe-xlsx';
import { euroStatement, INJECTION_PROBES, probeStatement, smallStatement } from './fixtures';
import { exportStatements, writeStatements } from './index';

function text(out: Uint8Array | string): string {
  return typeof out === 'string' ? out : Buffer.from(out).toString('latin1');
}

describe('exportStatements', () => {
  it('writes JSON in the shape the CLI writes: an object for one statement, an array for several', async () => {
    const one = JSON.parse(text(await exportStatements([smallStatement()], 'json'))) as Statement;
    expect(one).toEqual(smallStatement());
    expect(one.reconciliation.mismatches).toEqual([{ row: 3, expected: 2166.21, printed: 2166.12 }]);
    const several = JSON.parse(text(await exportStatements([smallStatement(), probeStatement()], 'json')));
    expect(several).toEqual([smallStatement(), probeStatement()]);
  });

  it('writes every output format for one and for several statements', async () => {
    for (const format of OUTPUT_FORMATS) {
      for (const statements of [[smallStatement()], [smallStatement(), euroStatement(), probeStatement()]]) {
        const out = await exportStatements(statements, format);
        expect(out.length, format).toBeGreaterThan(100);
      }
      expect(downloadName('January Statement.pdf', format)).toBe(`January Statement_converted.${format}`);
    }
  });

  it('keeps formula-looking descriptions as plain text in every format', async () => {
    const statements = [probeStatement()];
    for (const format of OUTPUT_FORMATS) {
      const out = await exportStatements(statements, format);
      if (format === 'xlsx') {
        const ws = (await loadWorkbook(out as Uint8Array)).getWorksheet('Transactions')!;
        for (let r = 2; r <= INJECTION_PROBES.length + 1; r++) {
          expect(ws.getCell(r, 3).type, `xlsx row ${r}`).toBe(ExcelJS.ValueType.String);
        }
        continue;
      }
      const body = text(out);
      for (const probe of ['=1+2', '+SUM(A1:A2)', '-2+3', '@cmd']) {
        // CSV carries the neutralising quote; every other format carries the text as it is.
        const expected = format === 'csv' ? `'${probe}` : probe;
        expect(body, `${format} ${probe}`).toContain(expected);
      }
    }
  });

  it('writes money without decimals for JPY-like currencies, and 2 decimals otherwise, without float noise', async () => {
    const s = smallStatement();
    s.statement.currency = 'JPY';
    s.transactions = [{ ...s.transactions[0]!, debit: 5400, amount: -5400, balance: 1_234_567 }];
    const csv = text(await exportStatements([s], 'csv'));
    expect(csv.split('\r\n')[1]).toBe(
      '2025-01-03,01/03,CARD PURCHASE WHOLE FOODS #123 AUSTIN TX,,5400,-5400,1234567,,1',
    );
    const ws = (await loadWorkbook((await exportStatements([s], 'xlsx')) as Uint8Array)).getWorksheet('Transactions')!;
    expect(ws.getCell('F2').numFmt).toBe('#,##0');
    const usd = smallStatement();
    usd.transactions = [{ ...usd.transactions[0]!, debit: 0.1 + 0.2, amount: -(0.1 + 0.2) }];
    expect(text(await exportStatements([usd], 'csv', { csvPreset: 'accounting' })).split('\r\n')[1]).toContain(
      ',0.30,',
    );
  });

  it('streams any format into a writable and ends it', async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => sink.once('end', resolve));
    await writeStatements([smallStatement()], 'csv', sink, { bom: true });
    await ended;
    expect(Buffer.concat(chunks).toString('utf8')).toBe(
      text(await exportStatements([smallStatement()], 'csv', { bom: true })),
    );
  });

  it('refuses an unknown CSV preset with VALIDATION_FAILED', async () => {
    await expect(exportStatements([smallStatement()], 'csv', { csvPreset: 'fancy' as 'simple' })).rejects.toMatchObject(
      { code: 'VALIDATION_FAILED' },
    );
  });
});
