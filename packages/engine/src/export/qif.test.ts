import { describe, expect, it } from 'vitest';
import { euroStatement, INJECTION_PROBES, probeStatement, smallStatement } from './fixtures';
import { exportStatements } from './index';

interface QifRecord {
  date: string;
  amount: number;
  payee: string;
  number?: string;
  category?: string;
}

interface QifAccount {
  name?: string;
  type: string;
  records: QifRecord[];
}

/** A small QIF reader: `!Account` blocks, `!Type:` sections, records of field lines ended by `^`. */
function parseQif(text: string): QifAccount[] {
  const accounts: QifAccount[] = [];
  let pendingName: string | undefined;
  let inAccount = false;
  let fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    if (line === '!Account') {
      inAccount = true;
      continue;
    }
    if (line.startsWith('!Type:')) {
      accounts.push({ name: pendingName, type: line.slice(6), records: [] });
      pendingName = undefined;
      continue;
    }
    if (line === '^') {
      if (inAccount) {
        pendingName = fields.N;
        inAccount = false;
      } else {
        const [m, d, y] = (fields.D ?? '').split('/');
        accounts.at(-1)?.records.push({
          date: `${y}-${m}-${d}`,
          amount: Number(fields.T),
          payee: fields.P ?? '',
          number: fields.N,
          category: fields.L,
        });
      }
      fields = {};
      continue;
    }
    fields[line[0] ?? ''] = line.slice(1);
  }
  return accounts;
}

describe('QIF export', () => {
  it('parses back with dates, signed amounts, payees, numbers and categories', async () => {
    const text = (await exportStatements([smallStatement()], 'qif')) as string;
    const [account, ...more] = parseQif(text);
    expect(more).toEqual([]);
    expect(account?.type).toBe('Bank');
    const s = smallStatement();
    expect(account?.records.map((r) => [r.date, r.amount, r.payee])).toEqual(
      s.transactions.map((t) => [t.date, t.amount, t.description]),
    );
    expect(account?.records[3]?.number).toBe('1042');
    expect(account?.records[2]?.category).toBe('Cash and ATM'); // `/` would start a QIF class
    expect(text).toContain('T-54.12\r\n');
  });

  it('writes an !Account block per statement when there are several', async () => {
    const accounts = parseQif((await exportStatements([smallStatement(), euroStatement()], 'qif')) as string);
    expect(accounts.map((a) => a.name)).toEqual([
      'Example Savings Bank ****4821',
      'Beispielbank DE89 3704 0044 0532 0130 00',
    ]);
    expect(accounts[1]?.records.map((r) => r.amount)).toEqual([2500, -1165.44]);
  });

  it('keeps every record on its lines whatever the description holds', async () => {
    const [account] = parseQif((await exportStatements([probeStatement()], 'qif')) as string);
    expect(account?.records).toHaveLength(INJECTION_PROBES.length + 1);
    expect(account?.records.map((r) => r.payee).slice(0, 4)).toEqual(INJECTION_PROBES.slice(0, 4));
    expect(account?.records.at(-1)?.payee).toBe('Line one line two, with "quotes"');
  });
});
