/** Statements built for the exporter tests (not from the benchmark corpus). */
import { emptyStatementFacts, type Statement, type Transaction } from '@statemint/shared';

function tx(
  date: string,
  sourceDate: string,
  description: string,
  amount: number,
  balance: number | null,
  page: number,
  reference: string | null = null,
): Transaction {
  return {
    date,
    sourceDate,
    description,
    credit: amount > 0 ? amount : null,
    debit: amount < 0 ? -amount : null,
    amount,
    balance,
    reference,
    page,
  };
}

/** A small US checking statement with a unicode description and one printed balance that does not add up. */
export function smallStatement(): Statement {
  return {
    statement: {
      bankName: 'Example Savings Bank',
      accountHolder: 'JANE Q SAMPLE',
      accountNumber: '****4821',
      currency: 'USD',
      periodStart: '2025-01-01',
      periodEnd: '2025-01-31',
      openingBalance: 1520.33,
      closingBalance: 2148.71,
    },
    transactions: [
      tx('2025-01-03', '01/03', 'CARD PURCHASE WHOLE FOODS #123 AUSTIN TX', -54.12, 1466.21, 1),
      tx('2025-01-05', '01/05', 'PAYROLL ACME CORP DIRECT DEP', 2000, 3466.21, 1),
      tx('2025-01-05', '', 'ATM WITHDRAWAL 5TH ST', -100, 3366.21, 1),
      tx('2025-01-10', '01/10', 'CHECK 1042', -1200, 2166.12, 2, '1042'),
      tx('2025-01-15', '01/15', 'Café Müller & Söhne <Zürich> "Kaffee" 東京', -12.5, 2153.71, 2),
      tx('2025-01-31', '01/31', 'MONTHLY SERVICE FEE', -5, 2148.71, 2),
    ],
    reconciliation: { status: 'unbalanced', mismatches: [{ row: 3, expected: 2166.21, printed: 2166.12 }] },
    source: 'january.pdf',
  };
}

/** Descriptions that try to become formulas, control characters, null facts and an overdrawn account. */
export const INJECTION_PROBES = [
  '=1+2',
  '+SUM(A1:A2)',
  '-2+3',
  '@cmd',
  '\tTAB START',
  '\rCR START',
  '=HYPERLINK("http://x")',
];

export function probeStatement(): Statement {
  const rows = INJECTION_PROBES.map((d, i) =>
    tx(`2025-02-0${i + 1}`, `02/0${i + 1}`, d, i % 2 ? 10.01 : -20.02, null, 1),
  );
  rows.push(tx('2025-02-09', '-02/09', 'Line one\nline two, with "quotes"', -0.1, -5.55, 2, '=REF()'));
  return {
    statement: emptyStatementFacts(),
    transactions: rows,
    reconciliation: { status: 'unknown', mismatches: [] },
  };
}

/** A euro statement with an IBAN-like account number, to pair with the small one as a multi-statement input. */
export function euroStatement(): Statement {
  return {
    statement: {
      bankName: 'Beispielbank',
      accountHolder: 'Max Mustermann',
      accountNumber: 'DE89 3704 0044 0532 0130 00',
      currency: 'EUR',
      periodStart: '2024-12-01',
      periodEnd: '2024-12-31',
      openingBalance: -100,
      closingBalance: 1234.56,
    },
    transactions: [
      tx('2024-12-02', '02.12.', 'Gehalt Dezember Beispiel GmbH', 2500, 2400, 1),
      tx('2024-12-03', '03.12.', 'Miete Dezember', -1165.44, 1234.56, 1, 'DA-77'),
    ],
    reconciliation: { status: 'balanced', mismatches: [] },
    issues: [{ code: 'LOW_CONFIDENCE', message: 'Page 1 was read with OCR', page: 1 }],
    source: 'dezember.pdf',
  };
}

/** A long synthetic statement (the size of the 100-page benchmark document) for streaming checks. */
export function largeStatement(rows = 4000): Statement {
  const transactions: Transaction[] = [];
  let balance = 10_000;
  for (let i = 0; i < rows; i++) {
    const cents = ((i * 7919) % 50_000) - 20_000;
    const amount = cents / 100;
    balance = Math.round((balance + amount) * 100) / 100;
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String(Math.floor(i / 400) + 1).padStart(2, '0');
    transactions.push(
      tx(
        `2025-${month}-${day}`,
        `${month}/${day}`,
        `SYNTHETIC ROW ${i} CARD PURCHASE STORE ${i % 97}`,
        amount,
        balance,
        Math.floor(i / 40) + 1,
      ),
    );
  }
  return {
    statement: {
      bankName: 'Synthetic Bank',
      accountHolder: 'TEST HOLDER',
      accountNumber: '000111222',
      currency: 'USD',
      periodStart: '2025-01-01',
      periodEnd: '2025-10-28',
      openingBalance: 10_000,
      closingBalance: balance,
    },
    transactions,
    reconciliation: { status: 'balanced', mismatches: [] },
  };
}
