/**
 * Generated statements for tests and demos: plain CSV bank exports whose running balance
 * adds up, so a working engine converts them completely and reconciles them.
 */
export interface SampleRow {
  date: string;
  description: string;
  amountCents: number;
}

export function sampleRows(count: number, seed = 1): SampleRow[] {
  const rows: SampleRow[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const day = String((i % 28) + 1).padStart(2, '0');
    const credit = i % 4 === 0;
    const cents = ((x % 90000) + 1000) * (credit ? 1 : -1);
    rows.push({
      date: `2024-03-${day}`,
      description: credit ? `Salary payment ${i}` : `Card purchase shop ${i}`,
      amountCents: cents,
    });
  }
  return rows;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** A CSV export with Date, Description, Debit, Credit, Balance and an opening balance row. */
export function sampleCsvStatement(count = 12, openingCents = 100_000, seed = 1): string {
  const lines = ['Date,Description,Debit,Credit,Balance', `2024-03-01,Opening balance,,,${money(openingCents)}`];
  let balance = openingCents;
  for (const row of sampleRows(count, seed)) {
    balance += row.amountCents;
    const debit = row.amountCents < 0 ? money(-row.amountCents) : '';
    const credit = row.amountCents > 0 ? money(row.amountCents) : '';
    lines.push(`${row.date},${row.description},${debit},${credit},${money(balance)}`);
  }
  return `${lines.join('\n')}\n`;
}
