/**
 * total-rows on drawn statements without a balance column: a figure standing alone at a page's
 * edge that is the opening balance plus every amount so far is a carried balance, whatever its
 * words, and the opening may be the table's own first row.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../convert';
import { at, left as L, money, right as R, tablePdf } from '../../testing/table-pdf';

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

describe('bracketing-balance-rows on rows OCR left without a figure', () => {
  it('passes over a last row with no amount read (no crash, nothing marked)', async () => {
    const { bracketingBalanceRows } = await import('./special-rows');
    const { Tracer } = await import('../trace');
    const row = (id: number, cents: number | null, description: string) =>
      ({
        id,
        raw: { region: null, table: 0, page: 1 },
        kind: 'transaction',
        dateToken: null,
        dateText: '',
        date: null,
        description,
        text: description,
        reference: null,
        money: new Map(cents === null ? [] : [['amount', { cents, mark: null, text: String(cents) }]]),
        sign: null,
        labels: [],
        cents: null,
        signKnown: false,
        balance: null,
        confidence: 0.9,
        corrected: false,
      }) as unknown as import('../draft').DraftRow;
    const rowsIn = [row(1, 1_000, 'SALDO A'), row(2, 500, 'SHOP'), row(3, 250, 'SHOP'), row(4, null, 'SALDO B')];
    const draft = {
      table: 0,
      rows: rowsIn,
      keys: ['amount'],
      labels: new Map(),
      reading: null,
      period: null,
      opening: null,
      closing: null,
      labelledOpening: 99_999,
      labelledClosing: null,
      factFigures: [],
      card: false,
      source: 'ocr',
      issues: [],
      trace: new Tracer(),
    } as unknown as import('../draft').Draft;
    expect(() => bracketingBalanceRows(draft)).not.toThrow();
    expect(rowsIn.map((r) => r.kind)).toEqual(['transaction', 'transaction', 'transaction', 'transaction']);
  });
});
