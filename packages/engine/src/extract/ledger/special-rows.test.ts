/**
 * total-rows on drawn statements without a balance column: a figure standing alone at a page's
 * edge that is the opening balance plus every amount so far is a carried balance, whatever its
 * words, and the opening may be the table's own first row.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left as L, money, right as R, tablePdf } from '../../testing/table-pdf';
import type { Draft, DraftRow } from '../draft';

const rows = [
  ['04/03/2024', 'DEBIT POS KOPI KENANGAN', -3_840_000],
  ['05/03/2024', 'TRANSFER MASUK ANDI', 125_000_000],
  ['06/03/2024', 'PEMBELIAN ALFAMART', -13_210_000],
  ['07/03/2024', 'TARIK TUNAI ATM', -50_000_000],
  ['08/03/2024', 'DEBIT POS GOFOOD', -4_240_000],
  ['11/03/2024', 'BIAYA ADMIN', -1_500_000],
] as const;
const fmt = (cents: number) => `${cents < 0 ? '-' : ''}${money(cents, ',', '.')}`;

describe('total-rows: carried balances by what they add up to', () => {
  it('takes a carried figure in words no list knows for no transaction, the opening from the first row', async () => {
    const opening = 1_240_600_000;
    const carried = opening + rows.slice(0, 3).reduce((s, r) => s + r[2], 0);
    const header = (y: number) => at(y, L(40, 'Tanggal', true), L(140, 'Uraian', true), R(550, 'Jumlah', true));
    const row = (y: number, i: number) => {
      const [date, text, cents] = rows[i] as (typeof rows)[number];
      return at(y, L(40, date), L(140, text), R(550, fmt(cents)));
    };
    const pdf = await tablePdf({
      pages: [
        {
          lines: [
            at(40, L(40, 'Bank Contoh Makmur', true)),
            at(60, L(40, 'Rekening 029-141-4270'), L(320, 'Periode 01/03/2024 - 31/03/2024')),
            header(100),
            at(118, L(40, '01/03/2024'), L(140, 'Saldo per 01/03/2024'), R(550, fmt(opening))),
            ...[0, 1, 2].map((i) => row(132 + i * 14, i)),
            // Words of no vocabulary: only the arithmetic says what this is.
            at(132 + 3 * 14, L(140, 'Geser ke lembar berikut'), R(550, fmt(carried))),
          ],
        },
        {
          lines: [
            header(60),
            at(78, L(140, 'Dari lembar sebelumnya'), R(550, fmt(carried))),
            ...[3, 4, 5].map((i) => row(92 + (i - 3) * 14, i)),
          ],
        },
      ],
    });
    const [s] = await convert(pdf, { fileName: 'carried.pdf' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount])).toEqual(
      rows.map(([d, text, cents]) => [`${d.slice(6)}-${d.slice(3, 5)}-${d.slice(0, 2)}`, text, cents / 100]),
    );
    expect(s?.trace?.filter((e) => e.pass === 'total-rows' && e.to === 'balance')).toHaveLength(2);
  });
});

/** A transaction row of one 'amount' cell (none when cents is null), as the ledger passes see it. */
function draftRow(id: number, description: string, cents: number | null, mark: 'credit' | null = null): DraftRow {
  return {
    id,
    raw: { region: null, table: 0, page: 1 },
    kind: 'transaction',
    dateToken: null,
    dateText: '',
    date: null,
    description,
    text: description,
    reference: null,
    money: new Map(cents === null ? [] : [['amount', { cents, mark, text: String(cents) }]]),
    sign: null,
    labels: [],
    cents: null,
    signKnown: false,
    balance: null,
    confidence: 0.9,
    corrected: false,
  } as unknown as DraftRow;
}

/** A one-table draft of these rows with a labelled opening balance. */
async function draftOf(rows: DraftRow[], labelledOpening: number, card: boolean): Promise<Draft> {
  const { Tracer } = await import('../trace');
  return {
    table: 0,
    rows,
    keys: ['amount'],
    labels: new Map(),
    reading: null,
    period: null,
    opening: null,
    closing: null,
    labelledOpening,
    labelledClosing: null,
    labelledAlternatives: { opening: [], closing: [] },
    printedTotals: null,
    factFigures: [],
    card,
    source: card ? 'pdf' : 'ocr',
    issues: [],
    trace: new Tracer(),
  } as unknown as Draft;
}

describe('bracketing-balance-rows on rows OCR left without a figure', () => {
  it('passes over a last row with no amount read (no crash, nothing marked)', async () => {
    const { bracketingBalanceRows } = await import('./special-rows');
    const rowsIn = [
      draftRow(1, 'SALDO A', 1_000),
      draftRow(2, 'SHOP', 500),
      draftRow(3, 'SHOP', 250),
      draftRow(4, 'SALDO B', null),
    ];
    const draft = await draftOf(rowsIn, 99_999, false);
    expect(() => bracketingBalanceRows(draft)).not.toThrow();
    expect(rowsIn.map((r) => r.kind)).toEqual(['transaction', 'transaction', 'transaction', 'transaction']);
  });
});

describe('bracketing-balance-rows on a card statement whose credits are marked "Cr"', () => {
  // Opening owed 100.00; charges 10.00 and 20.00 bare, a payment "50.00 Cr", then charges.
  const names = ['ARGOS', 'TFL TRAVEL', 'PAYMENT RECEIVED', 'TESCO STORES', 'GREGGS'];
  const run = async (last: number[]) => {
    const { bracketingBalanceRows } = await import('./special-rows');
    const cells: [number, 'credit' | null][] = [
      [1_000, null],
      [2_000, null],
      [5_000, 'credit'],
      ...last.map((c) => [c, null] as [number, null]),
    ];
    const rows = cells.map(([cents, mark], i) => draftRow(i + 1, names[i] as string, cents, mark));
    bracketingBalanceRows(await draftOf(rows, -10_000, true));
    return rows.map((r) => r.kind);
  };

  it('does not take a charge for the closing when the sum fits only with the "Cr" mark ignored', async () => {
    // 100.00 - (10 + 20 + 50) = 20.00 counts the payment as a charge; 100 + 10 + 20 - 50 = 80.00.
    expect(await run([2_000, 500])).toEqual(Array(5).fill('transaction'));
  });

  it('still finds the closing the opening, the charges and the payment come to', async () => {
    expect(await run([8_000])).toEqual(['transaction', 'transaction', 'transaction', 'balance']);
  });
});

describe('repeated-total-rows on a long statement', () => {
  it("marks an undated line that adds up the rows above it each time, finding each row's place once", async () => {
    const { repeatedTotalRows } = await import('./special-rows');
    const rows: DraftRow[] = [];
    for (let day = 0; day < 3; day++) {
      const first = draftRow(rows.length + 1, 'SHOP', 1_000);
      const second = draftRow(rows.length + 2, 'CAFE', 250);
      for (const r of [first, second]) (r as { dateToken: unknown }).dateToken = { day: day + 1 };
      rows.push(first, second, draftRow(rows.length + 3, 'TOTAL OF THE DAY', 1_250));
    }
    // Each row's position is looked up in one index, not searched for in the rows each time
    // (quadratic on a statement of thousands of rows).
    Object.defineProperty(rows, 'indexOf', {
      value: () => {
        throw new Error('indexOf');
      },
    });
    repeatedTotalRows(await draftOf(rows, 0, false));
    expect(rows.map((r) => r.kind)).toEqual([
      ...['transaction', 'transaction', 'total'],
      ...['transaction', 'transaction', 'total'],
      ...['transaction', 'transaction', 'total'],
    ]);
  });
});

describe('bracketing-balance-rows on a long statement', () => {
  it('sums the rows above each candidate closing once, whichever opening is tried', async () => {
    const { bracketingBalanceRows } = await import('./special-rows');
    let gets = 0;
    class Counted<K, V> extends Map<K, V> {
      override get(key: K): V | undefined {
        gets++;
        return super.get(key);
      }
    }
    const rows = Array.from({ length: 200 }, (_, i) => {
      const r = draftRow(i + 1, `SHOP ${i}`, 100 + i);
      r.money = new Counted(r.money);
      return r;
    });
    // A printed opening (tried as +/-) that no row near the end closes: all six candidates are tried.
    bracketingBalanceRows(await draftOf(rows, 1_000_000, false));
    expect(rows.every((r) => r.kind === 'transaction')).toBe(true);
    // Each candidate's rows read once for the bare side and once a sign (~3 x 6 x 200 reads), not
    // again for every opening and sign (~8 x 6 x 200).
    expect(gets).toBeLessThanOrEqual(4 * 6 * 200);
  });
});

describe('bracketing-balance-rows where the closing is printed', () => {
  it('does not take a payment of the whole balance so far for the closing', async () => {
    // Owed 361.96; charges 24.24, 74.05, 11.99; a payment of 472.24 (all of it); more charges.
    // The printed closing is 141.94: the payment's figure is not it.
    const { bracketingBalanceRows } = await import('./special-rows');
    const cells: [number, 'credit' | null][] = [
      [2_424, null],
      [7_405, null],
      [1_199, null],
      [47_224, null],
      [1_400, null],
      [12_794, null],
    ];
    const rows = cells.map(([cents, mark], i) => draftRow(i + 1, `ROW ${i + 1}`, cents, mark));
    const draft = await draftOf(rows, -36_196, true);
    draft.labelledClosing = -14_194;
    bracketingBalanceRows(draft);
    expect(rows.map((r) => r.kind)).toEqual(Array(6).fill('transaction'));
  });
});
