import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { euroStatement, INJECTION_PROBES, probeStatement, smallStatement } from './fixtures';
import { exportStatements } from './index';
import type { CsvPreset } from './options';
import { looksLikeFormula } from './safety';

async function csv(statements: Parameters<typeof exportStatements>[0], csvPreset?: CsvPreset, bom?: boolean) {
  return (await exportStatements(statements, 'csv', { csvPreset, bom })) as string;
}

function rows(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false }) as string[][];
}

describe('CSV export', () => {
  it('writes the 9 standard columns, RFC 4180 quoting and CRLF line ends', async () => {
    const text = await csv([smallStatement()]);
    expect(text.startsWith('\uFEFF')).toBe(false);
    expect(text.split('\r\n')).toHaveLength(8); // header, 6 rows, empty after the last CRLF
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const [header, ...data] = rows(text);
    expect(header).toEqual([
      'Date',
      'Source Date',
      'Description',
      'Credit',
      'Debit',
      'Amount',
      'Balance',
      'Reference',
      'Page',
    ]);
    expect(data[0]).toEqual([
      '2025-01-03',
      '01/03',
      'CARD PURCHASE WHOLE FOODS #123 AUSTIN TX',
      '',
      '54.12',
      '-54.12',
      '1466.21',
      '',
      '1',
    ]);
    expect(data[1]?.slice(3, 7)).toEqual(['2000.00', '', '2000.00', '3466.21']);
    expect(data[2]?.[1]).toBe(''); // the inherited date prints no source date
    expect(data[4]?.[2]).toBe('Café Müller & Söhne <Zürich> "Kaffee" 東京');
    expect(data[3]?.[7]).toBe('1042');
  });

  it('starts with a byte-order mark only when asked', async () => {
    const text = await csv([smallStatement()], 'standard', true);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(rows(text)[0]?.[0]).toBe('Date');
  });

  it('offers the simple preset with a category and the accounting preset', async () => {
    const simple = rows(await csv([smallStatement()], 'simple'));
    expect(simple[0]).toEqual(['Date', 'Description', 'Amount', 'Reference', 'Category']);
    expect(simple.slice(1).map((r) => r[4])).toEqual(['Groceries', 'Salary', 'Cash/ATM', 'Other', 'Dining', 'Fees']);
    expect(simple[4]).toEqual(['2025-01-10', 'CHECK 1042', '-1200.00', '1042', 'Other']);

    const accounting = rows(await csv([smallStatement()], 'accounting'));
    expect(accounting[0]).toEqual(['Date', 'Description', 'Debit', 'Credit', 'Balance']);
    expect(accounting[1]).toEqual(['2025-01-03', 'CARD PURCHASE WHOLE FOODS #123 AUSTIN TX', '54.12', '', '1466.21']);
    expect(accounting[2]).toEqual(['2025-01-05', 'PAYROLL ACME CORP DIRECT DEP', '', '2000.00', '3466.21']);
  });

  it("prefixes formula-looking text with ' and leaves negative numbers alone", async () => {
    const parsed = rows(await csv([probeStatement()]));
    INJECTION_PROBES.forEach((probe, i) => {
      expect(parsed[i + 1]?.[2]).toBe(`'${probe}`);
      expect(parsed[i + 1]?.[5]).toMatch(/^-?\d+\.\d\d$/);
    });
    const last = parsed[INJECTION_PROBES.length + 1]!;
    expect(last[1]).toBe("'-02/09");
    expect(last[2]).toBe('Line one\nline two, with "quotes"');
    expect(last[5]).toBe('-0.10');
    expect(last[6]).toBe('-5.55');
    expect(last[7]).toBe("'=REF()");
    // Every preset neutralises descriptions.
    for (const preset of ['simple', 'accounting'] as const) {
      const r = rows(await csv([probeStatement()], preset));
      expect(r[1]?.[1]).toBe("'=1+2");
    }
  });

  it('writes several statements under one header, in input order, each row with its source, account and currency', async () => {
    const parsed = rows(
      await csv([
        { ...smallStatement(), source: 'card.pdf' },
        { ...euroStatement(), source: 'giro.pdf' },
      ]),
    );
    expect(parsed).toHaveLength(1 + 6 + 2);
    expect(parsed[0]?.slice(-4)).toEqual(['Page', 'Source', 'Account', 'Currency']);
    expect(parsed[1]?.slice(-3)).toEqual(['card.pdf', '****4821', 'USD']);
    expect(parsed[7]).toEqual([
      '2024-12-02',
      '02.12.',
      'Gehalt Dezember Beispiel GmbH',
      '2500.00',
      '',
      '2500.00',
      '2400.00',
      '',
      '1',
      'giro.pdf',
      'DE89 3704 0044 0532 0130 00',
      'EUR',
    ]);
    expect(rows(await csv([euroStatement()], 'simple')).map((r) => r[4])).toEqual(['Category', 'Salary', 'Rent']);
    // One statement: the columns of DECISIONS.md only.
    expect(rows(await csv([euroStatement()]))[0]).toHaveLength(9);
    expect(rows(await csv([smallStatement(), euroStatement()], 'accounting'))[0]).toEqual([
      'Date',
      'Description',
      'Debit',
      'Credit',
      'Balance',
      'Source',
      'Account',
      'Currency',
    ]);
  });

  it('writes the Date column day first or month first on request, the printed Source Date as it was', async () => {
    const iso = rows(await csv([euroStatement()]));
    const dmy = rows((await exportStatements([euroStatement()], 'csv', { csvDates: 'dmy' })) as string);
    const mdy = rows(
      (await exportStatements([euroStatement()], 'csv', { csvDates: 'mdy', csvPreset: 'simple' })) as string,
    );
    expect(iso[1]?.slice(0, 2)).toEqual(['2024-12-02', '02.12.']);
    expect(dmy[1]?.slice(0, 2)).toEqual(['02/12/2024', '02.12.']);
    expect(mdy[1]?.[0]).toBe('12/02/2024');
    expect(dmy.slice(1).map((r) => r.slice(2))).toEqual(iso.slice(1).map((r) => r.slice(2)));
    await expect(exportStatements([euroStatement()], 'csv', { csvDates: 'ydm' as never })).rejects.toThrow(
      'unknown CSV date format',
    );
  });

  it('round-trips any description and amount through a CSV parser (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.string({ unit: 'binary', maxLength: 30 }), fc.integer({ min: -10_000_000, max: 10_000_000 })),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (rowsIn) => {
          const s = smallStatement();
          s.transactions = rowsIn.map(([description, cents]) => ({
            ...s.transactions[0]!,
            description,
            amount: cents / 100,
            credit: cents > 0 ? cents / 100 : null,
            debit: cents < 0 ? -cents / 100 : null,
          }));
          const parsed = rows(await csv([s], 'simple')).slice(1);
          expect(parsed).toHaveLength(rowsIn.length);
          parsed.forEach((r, i) => {
            const [description, cents] = rowsIn[i]!;
            expect(r[1]).toBe(looksLikeFormula(description) ? `'${description}` : description);
            expect(Math.round(Number(r[2]) * 100)).toBe(cents);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('CSV with chosen columns (issue 27)', () => {
  it('writes the chosen columns in their order, with the source columns of several statements after them', async () => {
    const one = String(
      await exportStatements([smallStatement()], 'csv', { csvColumns: ['amount', 'date', 'category', 'payee'] }),
    ).split('\r\n');
    expect(one[0]).toBe('Amount,Date,Category,Payee');
    expect(one[1]).toBe('-54.12,2025-01-03,Groceries,');
    const two = String(
      await exportStatements([smallStatement(), euroStatement()], 'csv', { csvColumns: ['description'] }),
    ).split('\r\n');
    expect(two[0]).toBe('Description,Source,Account,Currency');
    await expect(exportStatements([smallStatement()], 'csv', { csvColumns: [] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
