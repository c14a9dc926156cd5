/**
 * Tables without a readable header row (lost to OCR, or never printed): columns are
 * inferred from the data. Lines that start with a date and carry amounts are the rows;
 * amount columns are the clusters of their right edges; a column whose values move by
 * exactly each row's amount is the running balance.
 */
import type { LayoutDocument, TextRun } from '../layout/model';
import type { DecimalMark, ParsedAmount } from '../values/amount';
import type { Column, TableModel } from './rows';
import { tokenise } from './rows';

interface Candidate {
  dateRun: TextRun;
  secondDate: TextRun | null;
  money: { run: TextRun; value: ParsedAmount }[];
  firstText: TextRun | null;
  references: TextRun[];
}

const signed = (v: ParsedAmount) => (v.mark === 'minus' || v.mark === 'debit' ? -v.cents : v.cents);

export function inferTableFromData(doc: LayoutDocument, decimal: DecimalMark): TableModel | null {
  const cands: Candidate[] = [];
  let width = 0;
  for (const page of doc.pages) {
    width = Math.max(width, page.width);
    for (const line of page.lines) {
      const tokens = line.runs.flatMap((r) => tokenise(r, decimal));
      const first = tokens[0];
      if (first?.kind !== 'date' || first.run.x0 > page.width * 0.3) continue;
      const money: Candidate['money'] = [];
      let secondDate: TextRun | null = null;
      let firstText: TextRun | null = null;
      const references: TextRun[] = [];
      for (const t of tokens.slice(1)) {
        if (t.kind === 'money' && t.money) money.push({ run: t.run, value: t.money });
        else if (t.kind === 'date' && !secondDate && !firstText) secondDate = t.run;
        else if (t.kind === 'date' && firstText && money.length === 0) secondDate ??= t.run;
        else if (/^\d{6,}$/.test(t.run.text)) references.push(t.run);
        else firstText ??= t.run;
      }
      if (money.length) cands.push({ dateRun: first.run, secondDate, money, firstText, references });
    }
  }
  if (cands.length < 3) return null;
  const tol = Math.max(4, width * 0.012);

  // Amount columns: clusters of right edges (a credit column may hold only a few rows).
  const edges = cands.flatMap((c) => c.money.map((m) => m.run)).sort((a, b) => a.x1 - b.x1);
  const clusters: TextRun[][] = [];
  for (const run of edges) {
    const last = clusters[clusters.length - 1];
    if (last && run.x1 - (last[last.length - 1] as TextRun).x1 <= tol) last.push(run);
    else clusters.push([run]);
  }
  const moneyCols = clusters
    .filter((c) => c.length >= Math.max(2, cands.length * 0.05))
    .map((c) => ({ x0: Math.min(...c.map((r) => r.x0)), x1: Math.max(...c.map((r) => r.x1)) }));
  if (!moneyCols.length) return null;
  const colOf = (run: TextRun) => moneyCols.findIndex((c) => run.x1 >= c.x0 - tol && run.x1 <= c.x1 + tol);

  // Per row: its value in each amount column.
  const grid = cands.map((c) => {
    const row: (number | null)[] = moneyCols.map(() => null);
    for (const m of c.money) {
      const k = colOf(m.run);
      if (k >= 0) row[k] = signed(m.value);
    }
    return row;
  });
  const roles: Column['role'][] = moneyCols.map(() => 'amount');
  const last = moneyCols.length - 1;
  if (moneyCols.length >= 2) {
    let fits = 0;
    let checks = 0;
    for (let i = 1; i < grid.length; i++) {
      const prev = grid[i - 1]?.[last];
      const cur = grid[i]?.[last];
      if (prev == null || cur == null) continue;
      const amounts = (grid[i] as (number | null)[]).slice(0, last).filter((v): v is number => v !== null);
      if (amounts.length !== 1) continue;
      checks++;
      if (Math.abs(cur - prev) === Math.abs(amounts[0] as number)) fits++;
    }
    if (checks >= 2 && fits / checks >= 0.5) roles[last] = 'balance';
  }
  const plain = roles.map((r, i) => (r === 'amount' ? i : -1)).filter((i) => i >= 0);
  if (plain.length === 2) {
    // Two amount columns: the one whose rows lower the balance holds the debits.
    let leftDown = 0;
    let leftUp = 0;
    for (let i = 1; i < grid.length; i++) {
      const prev = grid[i - 1]?.[last];
      const cur = grid[i]?.[last];
      if (roles[last] !== 'balance' || prev == null || cur == null || grid[i]?.[plain[0] as number] == null) continue;
      if (cur < prev) leftDown++;
      else leftUp++;
    }
    const leftIsDebit = leftDown >= leftUp;
    roles[plain[0] as number] = leftIsDebit ? 'debit' : 'credit';
    roles[plain[1] as number] = leftIsDebit ? 'credit' : 'debit';
  } else if (plain.length > 2) {
    for (const i of plain.slice(2)) roles[i] = 'other';
  }

  const dateX0 = Math.min(...cands.map((c) => c.dateRun.x0));
  const dateX1 = Math.max(...cands.map((c) => c.dateRun.x1));
  const columns: Column[] = [{ role: 'date', x0: dateX0, x1: dateX1, label: '' }];
  const seconds = cands.map((c) => c.secondDate).filter((r): r is TextRun => r !== null);
  if (seconds.length >= cands.length * 0.5) {
    columns.push({
      role: 'valueDate',
      x0: Math.min(...seconds.map((r) => r.x0)),
      x1: Math.max(...seconds.map((r) => r.x1)),
      label: '',
    });
  }
  const texts = cands.map((c) => c.firstText).filter((r): r is TextRun => r !== null);
  const descX = texts.length ? median(texts.map((r) => r.x0)) : dateX1 + tol;
  columns.push({ role: 'description', x0: descX, x1: descX + 1, label: '' });
  const refs = cands.flatMap((c) => c.references);
  if (refs.length >= cands.length * 0.3) {
    const x0 = median(refs.map((r) => r.x0));
    columns.push({
      role: 'reference',
      x0,
      x1: Math.max(...refs.filter((r) => Math.abs(r.x0 - x0) < tol).map((r) => r.x1)),
      label: '',
    });
  }
  moneyCols.forEach((c, i) => {
    columns.push({ role: roles[i] as Column['role'], x0: c.x0, x1: c.x1, label: '' });
  });
  columns.sort((a, b) => a.x0 - b.x0);
  const money = columns.filter(
    (c) => c.role === 'debit' || c.role === 'credit' || c.role === 'amount' || c.role === 'balance',
  );
  return { id: -1, columns, descX, moneyX: Math.min(...money.map((c) => c.x0)) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}
