import { describe, expect, it } from 'vitest';
import { applyRules, type PayeeRule, ruleFor } from './rules';
import type { Statement } from './statement';

const rule = (r: Partial<PayeeRule>): PayeeRule => ({
  id: r.id ?? r.match ?? 'r',
  accountNumber: null,
  match: '',
  payee: null,
  category: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  ...r,
});

describe('payee and category rules', () => {
  it('match words of the description, case, accents and spacing ignored', () => {
    const r = rule({ match: 'amzn  mktp', payee: 'Amazon' });
    expect(ruleFor([r], null, 'AMZN Mktp US*2K4 Seattle')).toBe(r);
    expect(ruleFor([rule({ match: 'cafe muller', payee: 'Café' })], null, 'CAFÉ MÜLLER Zürich')?.payee).toBe('Café');
    expect(ruleFor([r], null, 'AMAZON PRIME')).toBeNull();
  });

  it("an account's own rule before one for every account, then the longest match; other accounts' rules never", () => {
    const all = rule({ id: 'all', match: 'AMZN MKTP', payee: 'Amazon' });
    const own = rule({ id: 'own', accountNumber: '12-3456', match: 'AMZN', payee: 'Amazon (card)' });
    const longer = rule({ id: 'longer', match: 'AMZN MKTP US', payee: 'Amazon US' });
    const other = rule({ id: 'other', accountNumber: '999', match: 'AMZN MKTP US*2K4', payee: 'Other' });
    expect(ruleFor([all, own, longer, other], '123456', 'AMZN Mktp US*2K4')?.id).toBe('own');
    expect(ruleFor([all, longer, other], '123456', 'AMZN Mktp US*2K4')?.id).toBe('longer');
    expect(ruleFor([all, own], '777', 'AMZN Mktp')?.id).toBe('all');
  });

  it('applyRules sets payee and category where a rule speaks and leaves other rows as they were', () => {
    const row = (description: string) => ({
      date: '2026-01-02',
      sourceDate: '',
      description,
      credit: null,
      debit: 9.99,
      amount: -9.99,
      balance: null,
      reference: null,
      page: 1,
    });
    const s: Statement = {
      statement: {
        bankName: null,
        accountHolder: null,
        accountNumber: '1234',
        currency: 'USD',
        periodStart: null,
        periodEnd: null,
        openingBalance: null,
        closingBalance: null,
      },
      transactions: [row('AMZN Mktp US'), row('RENT')],
      reconciliation: { status: 'unknown', mismatches: [] },
    };
    const [out] = applyRules([s], [rule({ match: 'AMZN MKTP', payee: 'Amazon', category: 'Office' })]);
    expect(out?.transactions[0]).toMatchObject({ description: 'AMZN Mktp US', payee: 'Amazon', category: 'Office' });
    expect(out?.transactions[1]).toEqual(row('RENT'));
    expect(applyRules([s], [])).toEqual([s]);
  });
});
