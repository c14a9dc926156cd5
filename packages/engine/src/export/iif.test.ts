import { describe, expect, it } from 'vitest';
import { euroStatement, probeStatement, smallStatement } from './fixtures';
import { exportStatements } from './index';

async function iif(statements: Parameters<typeof exportStatements>[0]): Promise<string[][]> {
  const bytes = (await exportStatements(statements, 'iif')) as Uint8Array;
  const text = Buffer.from(bytes).toString('latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('\t'));
}

describe('IIF export (QuickBooks Desktop)', () => {
  it('writes each transaction as a TRNS on the bank account and a SPL that balances it', async () => {
    const s = smallStatement();
    const lines = await iif([s]);
    expect(lines.slice(0, 3).map((l) => l[0])).toEqual(['!TRNS', '!SPL', '!ENDTRNS']);
    const body = lines.slice(3);
    expect(body).toHaveLength(3 * s.transactions.length);
    for (const [i, t] of s.transactions.entries()) {
      const [trns, spl, end] = body.slice(3 * i, 3 * i + 3) as [string[], string[], string[]];
      expect(trns[0]).toBe('TRNS');
      expect(spl[0]).toBe('SPL');
      expect(end).toEqual(['ENDTRNS']);
      expect(trns[2]).toBe(t.amount > 0 ? 'DEPOSIT' : 'CHECK');
      expect(trns[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      // The two lines of a transaction add up to zero.
      expect(Math.round((Number(trns[5]) + Number(spl[5])) * 100)).toBe(0);
      expect(Number(trns[5])).toBeCloseTo(t.amount, 2);
      expect(spl[4]).toBe(t.amount > 0 ? 'Uncategorized Income' : 'Uncategorized Expense');
      expect(trns).toHaveLength(8);
    }
  });

  it('names each statement its own account, and keeps tabs and quotes out of fields', async () => {
    const lines = await iif([smallStatement(), euroStatement()]);
    const accounts = new Set(lines.filter((l) => l[0] === 'TRNS').map((l) => l[4]));
    expect(accounts.size).toBe(2);
    expect([...accounts]).toContain('Beispielbank 3000');
    const probe = probeStatement();
    probe.transactions[0] = { ...probe.transactions[0]!, description: 'A\tquoted "name"\nnext line' };
    const probed = await iif([probe]);
    const first = probed.find((l) => l[0] === 'TRNS') as string[];
    expect(first).toHaveLength(8);
    expect(first[7]).toBe("A quoted 'name' next line");
  });
});
