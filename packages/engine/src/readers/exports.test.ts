/**
 * Bank exports end to end (bytes -> transactions): shapes that vary between banks, each
 * written in the test from one small ledger, so every case checks the same truth.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';

interface Entry {
  date: string;
  text: string;
  cents: number;
  balance: number;
}

const LEDGER: Entry[] = (() => {
  let balance = 152_033;
  const rows: [string, string, number][] = [
    ['2025-03-03', 'CARD PAYMENT TESCO STORES', -4512],
    ['2025-03-04', 'SALARY ACME LTD, MARCH', 254_000],
    ['2025-03-05', 'Café Müller', -1250],
    ['2025-03-12', 'Überweisung Miete', -123_456],
    ['2025-03-14', 'REFUND ZALANDO', 3999],
    ['2025-03-25', 'INTEREST PAID', 123],
  ];
  return rows.map(([date, text, cents]) => {
    balance += cents;
    return { date, text, cents, balance };
  });
})();

const [y, m, d] = [0, 1, 2];
function dmy(iso: string, sep: string): string {
  const p = iso.split('-');
  return [p[d], p[m], p[y]].join(sep);
}
function money(cents: number, dec: '.' | ',', group = ''): string {
  const abs = Math.abs(cents);
  const int = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${cents < 0 ? '-' : ''}${int}${dec}${String(abs % 100).padStart(2, '0')}`;
}
const utf8 = (s: string) => new TextEncoder().encode(s);
const cp1252 = (s: string) => Uint8Array.from(s, (c) => (c === '€' ? 0x80 : c.charCodeAt(0)));

async function transactions(bytes: Uint8Array, fileName: string) {
  const [s] = await convert(bytes, { fileName });
  return s?.transactions.map((t) => ({ date: t.date, description: t.description, amount: t.amount }));
}
const expected = (text = (e: Entry) => e.text) =>
  LEDGER.map((e) => ({ date: e.date, description: text(e), amount: e.cents / 100 }));

describe('CSV exports', () => {
  it('reads amounts followed by their currency ("45,12 €") with a decimal comma', async () => {
    const lines = [
      'Date opération;Date valeur;Libellé;Débit;Crédit',
      ...LEDGER.map((e) => {
        const v = `${money(Math.abs(e.cents), ',', ' ')} €`;
        return [dmy(e.date, '/'), dmy(e.date, '/'), e.text, e.cents < 0 ? v : '', e.cents > 0 ? v : ''].join(';');
      }),
    ];
    expect(await transactions(cp1252(lines.join('\r\n')), 'releve.csv')).toEqual(expected());
  });

  it('takes "Umsatz" as the amount where the header has no other amount column', async () => {
    const lines = [
      'Wertstellung;Buchungstag;Verwendungszweck;Umsatz;Saldo',
      ...LEDGER.map((e) =>
        [
          dmy(e.date, '.'),
          dmy(e.date, '.'),
          e.text,
          `${e.cents > 0 ? '+' : ''}${money(e.cents, ',', '.')}`,
          money(e.balance, ',', '.'),
        ].join(';'),
      ),
    ];
    expect(await transactions(utf8(lines.join('\n')), 'umsaetze.csv')).toEqual(expected());
  });

  it.each([
    ['Soll/Haben', (c: number) => (c < 0 ? 'S' : 'H')],
    ['Debit/Credit', (c: number) => (c < 0 ? 'Debit' : 'Credit')],
    ['Transaction Type', (c: number) => (c < 0 ? 'DEBIT' : 'CREDIT')],
    ['Af Bij', (c: number) => (c < 0 ? 'Af' : 'Bij')],
  ])('signs unsigned amounts by a "%s" column, which stays out of the description', async (label, mark) => {
    const lines = [
      `Date;Description;Amount;${label}`,
      ...LEDGER.map((e) => [dmy(e.date, '.'), e.text, money(Math.abs(e.cents), ',', '.'), mark(e.cents)].join(';')),
    ];
    expect(await transactions(utf8(lines.join('\n')), 'export.csv')).toEqual(expected());
  });

  it('reads a small amount before the description ("1.23") as money in a header-less export', async () => {
    const lines = LEDGER.map((e) =>
      [`"${dmy(e.date, '/')}"`, `"${money(e.cents, '.')}"`, '"*"', '""', `"${e.text}"`].join(','),
    );
    expect(await transactions(utf8(lines.join('\r\n')), 'checking.csv')).toEqual(expected());
  });

  it('finds the header of an export with many columns it does not use, and keeps times out of the text', async () => {
    const lines = [
      'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance',
      ...LEDGER.map((e) =>
        [
          e.cents < 0 ? 'CARD_PAYMENT' : 'TOPUP',
          'Current',
          `${e.date} 10:22:11`,
          `${e.date} 18:01:45`,
          `"${e.text}"`,
          money(e.cents, '.'),
          '0.00',
          'EUR',
          'COMPLETED',
          money(e.balance, '.'),
        ].join(','),
      ),
    ];
    const [s] = await convert(utf8(lines.join('\n')), { fileName: 'account-statement.csv' });
    expect(s?.transactions.map((t) => [t.date, t.description, t.amount, t.balance])).toEqual(
      LEDGER.map((e) => [
        e.date,
        // The Type column is a transaction type (like a category or a code), not description text.
        e.text,
        e.cents / 100,
        e.balance / 100,
      ]),
    );
  });

  it('takes the account amount, not the foreign-currency one, and joins payee and payment reference', async () => {
    const lines = [
      '"Date","Payee","Account number","Payment reference","Amount (EUR)","Amount (Foreign Currency)","Type Foreign Currency","Exchange Rate"',
      ...LEDGER.map((e) =>
        [e.date, e.text, 'DE89370400440532013000', 'March', money(e.cents, '.'), money(e.cents * 2, '.'), 'USD', '2.0']
          .map((c) => `"${c}"`)
          .join(','),
      ),
    ];
    expect(await transactions(utf8(lines.join('\n')), 'n.csv')).toEqual(expected((e) => `${e.text} March`));
  });

  it('reads a "Running Bal." column as the balance', async () => {
    const lines = [
      'Date,Description,Amount,Running Bal.',
      ...LEDGER.map((e) => [e.date, `"${e.text}"`, money(e.cents, '.'), money(e.balance, '.')].join(',')),
    ];
    const [s] = await convert(utf8(lines.join('\n')), { fileName: 'activity.csv' });
    expect(s?.transactions.map((t) => t.balance)).toEqual(LEDGER.map((e) => e.balance / 100));
  });
});
