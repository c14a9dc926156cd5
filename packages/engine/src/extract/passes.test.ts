/**
 * The pass registry: every pass the engine records in its trace is registered, every registered
 * pass can be switched off, and switching one off gives the reading without it (the bench's
 * `--ablate` relies on that: a pass whose switch changes nothing would look unneeded).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Statement } from '@statemint/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { convert } from '../convert';
import type { LayoutDocument, LayoutPage } from '../layout/model';
import { left as L, at as line, right as R, tablePdf } from '../testing/table-pdf';
import { extractStatements } from './index';
import { PASSES, type PassName, passEnabled, type Stage, unknownDisabledPasses } from './passes';
import { LEDGER_PASSES } from './statements/build';

const ENV = 'STATEMINT_DISABLE_PASSES';
const saved = process.env[ENV];
afterEach(() => {
  if (saved === undefined) delete process.env[ENV];
  else process.env[ENV] = saved;
});

/** Runs `f` with these passes switched off. */
async function without<T>(passes: PassName[], f: () => T | Promise<T>): Promise<T> {
  process.env[ENV] = passes.join(',');
  try {
    return await f();
  } finally {
    delete process.env[ENV];
  }
}

const STAGES: Stage[] = ['tokens', 'table', 'rows', 'values', 'facts', 'statements', 'ledger'];

/** The engine's sources (tests aside), relative to src/. */
function sources(): { file: string; text: string }[] {
  const src = join(import.meta.dirname, '..');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ file: relative(src, join(src, f)), text: readFileSync(join(src, f), 'utf8') }));
}

describe('the pass registry', () => {
  it('reads STATEMINT_DISABLE_PASSES on each call and names what it does not know', () => {
    delete process.env[ENV];
    expect(passEnabled('label-rows')).toBe(true);
    process.env[ENV] = ' label-rows , lable-rows,total-rows';
    expect(passEnabled('label-rows')).toBe(false);
    expect(passEnabled('total-rows')).toBe(false);
    expect(passEnabled('money-roles')).toBe(true);
    expect(unknownDisabledPasses()).toEqual(['lable-rows']);
    process.env[ENV] = '';
    expect(passEnabled('label-rows')).toBe(true);
    expect(unknownDisabledPasses()).toEqual([]);
  });

  it('registers every name the engine records in its trace, and a stage for every pass', () => {
    const used = new Set<string>();
    for (const { text } of sources()) {
      // trace.note('x', ...), draft.trace.change(\n 'x', ...), repairPass: 'x'
      for (const m of text.matchAll(/\.(?:note|change)\(\s*'([^']+)'/g)) used.add(m[1] as string);
      for (const m of text.matchAll(/repairPass(?:\s*\?\?|:)\s*'([^']+)'/g)) used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(20);
    const unknown = [...used].filter((n) => !(n in PASSES) && !STAGES.includes(n as Stage));
    expect(unknown).toEqual([]);
    for (const [name, p] of Object.entries(PASSES)) expect(STAGES, name).toContain(p.stage);
  });

  it('can switch every registered pass off: each is guarded where it decides, or run by the ledger runner', () => {
    const guarded = new Set<string>(LEDGER_PASSES.map(([name]) => name));
    for (const { text } of sources())
      for (const m of text.matchAll(/passEnabled\(\s*'([^']+)'\s*\)/g)) guarded.add(m[1] as string);
    expect(Object.keys(PASSES).filter((n) => !guarded.has(n))).toEqual([]);
    // The ledger runner runs ledger passes only (others of the stage are guarded inside them).
    for (const [name] of LEDGER_PASSES) expect(PASSES[name].stage, name).toBe('ledger');
  });
});

describe('switching a pass off gives the reading without it', () => {
  it('table stage (posting-date-column): the booking date column by its label, else the first date column', async () => {
    const header = [L(40, 'Value Date', true), L(110, 'Booking Date', true), L(190, 'Description', true)];
    const rows = [
      ['28/02/2024', '01/03/2024', 'CARD PURCHASE GROCER', '-25.00', '975.00'],
      ['04/03/2024', '05/03/2024', 'SALARY ACME LTD', '1,500.00', '2,475.00'],
      ['14/03/2024', '15/03/2024', 'RENT MARCH', '-700.00', '1,775.00'],
    ];
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            line(40, L(40, 'Example Bank plc', true)),
            line(58, L(40, 'Statement period 01/03/2024 to 31/03/2024')),
            line(72, L(40, 'Opening balance 1,000.00')),
            line(72, L(330, 'Closing balance 1,775.00')),
            line(110, ...header, R(430, 'Amount', true), R(520, 'Balance', true)),
            ...rows.map(([v, b, d, a, bal], i) =>
              line(
                128 + i * 14,
                L(40, v as string),
                L(110, b as string),
                L(190, d as string),
                R(430, a as string),
                R(520, bal as string),
              ),
            ),
          ],
        },
      ],
    });
    const dates = (s: Statement[]) => s[0]?.transactions.map((t) => t.date);
    const on = await convert(pdf, { fileName: 'two-dates.pdf' });
    expect(dates(on)).toEqual(['2024-03-01', '2024-03-05', '2024-03-15']);
    expect(on[0]?.trace?.some((e) => e.pass === 'posting-date-column')).toBe(true);
    const off = await without(['posting-date-column'], () => convert(pdf, { fileName: 'two-dates.pdf' }));
    expect(dates(off)).toEqual(['2024-02-28', '2024-03-04', '2024-03-14']);
    expect(off[0]?.trace?.some((e) => e.pass === 'posting-date-column')).toBe(false);
  });

  /** An OCR page of [x, text] cells per line, 14 units apart. */
  const ocrPage = (lines: [number, string][][]): LayoutPage => ({
    number: 1,
    width: 600,
    height: 800,
    source: 'ocr',
    lines: lines.map((cells, i) => {
      const y0 = 100 + i * 14;
      return {
        y0,
        y1: y0 + 9,
        runs: cells.map(([x, text]) => ({
          text,
          x0: x,
          x1: x + text.length * 5,
          y0,
          y1: y0 + 9,
          size: 9,
          confidence: 0.9,
        })),
      };
    }),
  });
  // Wrapped lines above each row's date, and a "Daily total" line after each row.
  const dailyTotals: LayoutDocument = {
    pages: [
      ocrPage([
        [[40, 'Statement period 01/03/2024 to 31/03/2024']],
        [[40, 'Opening balance 1,000.00']],
        [
          [40, 'Date'],
          [120, 'Description'],
          [330, 'Debit'],
          [420, 'Credit'],
          [500, 'Balance'],
        ],
        [[120, 'SCHEDULED PAYMENT']],
        [
          [40, '02/03/2024'],
          [120, 'ONG JUN JIE'],
          [335, '100.00'],
          [490, '900.00'],
        ],
        [[120, 'RENT MARCH']],
        [
          [40, 'Daily total'],
          [335, '100.00'],
        ],
        [[120, 'CARD PURCHASE']],
        [
          [40, '05/03/2024'],
          [120, 'GROCER'],
          [335, '20.00'],
          [490, '880.00'],
        ],
        [[120, 'REF 123']],
        [
          [40, 'Daily total'],
          [335, '20.00'],
        ],
      ]),
    ],
  };
  const read = () => extractStatements(dailyTotals, { deadline: Date.now() + 60_000 })[0];

  it("rows stage (label-rows): a wrapped line before a total's label stays with the row above only with the pass", async () => {
    const descriptions = (s: Statement | undefined) => s?.transactions.map((t) => t.description);
    expect(descriptions(read())).toEqual(['SCHEDULED PAYMENT ONG JUN JIE RENT MARCH', 'CARD PURCHASE GROCER REF 123']);
    const off = await without(['label-rows'], read);
    expect(descriptions(off)).not.toContain('SCHEDULED PAYMENT ONG JUN JIE RENT MARCH');
    expect(off?.trace?.some((e) => e.pass === 'label-rows')).toBe(false);
  });

  it('ledger stage (repeated-total-rows, total-rows): either pass alone keeps the daily totals out, neither does not', async () => {
    const amounts = (s: Statement | undefined) => s?.transactions.map((t) => t.amount);
    const passes = (s: Statement | undefined) => [...new Set(s?.trace?.map((e) => e.pass))];
    const on = read();
    expect(amounts(on)).toEqual([-100, -20]);
    expect(passes(on)).toContain('repeated-total-rows');
    // The two cover for each other: ablating one at a time shows neither as needed here.
    const noRepeated = await without(['repeated-total-rows'], read);
    expect(amounts(noRepeated)).toEqual([-100, -20]);
    expect(passes(noRepeated)).not.toContain('repeated-total-rows');
    expect(passes(noRepeated)).toContain('total-rows');
    // amount-lines-in-rows covers too, for a total with a row after it (the balances chain over it).
    const twoOff = await without(['repeated-total-rows', 'total-rows'], read);
    expect(amounts(twoOff)).toEqual([-100, -20, -20]);
    const neither = await without(['repeated-total-rows', 'total-rows', 'amount-lines-in-rows'], read);
    expect(amounts(neither)).toEqual([-100, -100, -20, -20]);
  });
});
