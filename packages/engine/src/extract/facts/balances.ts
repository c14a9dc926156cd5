/**
 * Opening and closing balances printed outside the table, by their labels in any language
 * ("Previous balance", "Saldo inicial", "Alter Kontostand", "Solde au 29/02/2024"): the amount
 * right of the label on its line, or the amount under it (summary tiles print labels on one line
 * and values on the next). A dated balance is decided by its date against the period (whatever
 * its label's word); an undated label that may name either ("Saldo al ...") by its order (the
 * first is the opening).
 */
import { repairGroupedLostDecimal } from '../../ocr/repair';
import { type DecimalMark, type ParsedAmount, parseAmount } from '../../values/amount';
import { type DayOrder, datesIn, dayMonth, isValidYMD, toIso } from '../../values/dates';
import type { Token, TokenLine } from '../tokens/tokenise';
import { headingDirection, labelReadings, rowLabels } from '../vocabulary';
import { isRunningText, type Period } from './period';

export interface LabelledBalance {
  kind: 'opening' | 'closing';
  value: ParsedAmount;
  text: string;
  /**
   * The other figures right of the label on its line ("Balance carried forward  1,138.85
   * 1,024.43  15,336.33": the withdrawals' and deposits' totals beside the balance). Which one is
   * the balance, the statement's arithmetic decides (ledger `printed-balances`).
   */
  alternatives: ParsedAmount[];
}

function valueRightOf(line: TokenLine, label: Token, decimal: DecimalMark): Token | null {
  const money = line.tokens.find((t) => t.kind === 'money' && t.x0 >= label.x1 - 1);
  if (money) return money;
  // OCR: a balance whose decimal mark was lost after its thousands separators ("1,00000").
  for (const t of line.tokens) {
    if (t.x0 < label.x1 - 1 || t.confidence === undefined) continue;
    const fixed = repairGroupedLostDecimal(t.text, decimal);
    const value = fixed ? parseAmount(fixed, decimal) : null;
    if (value) return { ...t, kind: 'money', money: value, text: fixed as string, repaired: t.text };
  }
  return null;
}

/**
 * The amount under a label. Summary tiles print labels on one line and values on the next, each
 * value somewhere in its label's tile: from the label's start to the next label's start.
 */
function valueBelow(lines: TokenLine[], i: number, label: Token): Token | null {
  const line = lines[i] as TokenLine;
  const next = line.tokens.find((t) => t.x0 > label.x1 && t.kind === 'text');
  // A date printed right before the label is the label's own ("19.01.2026 Tarihli Bakiye"): the
  // tile starts with it.
  const own = line.tokens.findLast((t) => t.x1 <= label.x0 + 1 && t.kind === 'date');
  const start = own && label.x0 - own.x1 < label.size * 1.5 ? own.x0 : label.x0;
  const from = start - label.size;
  // The next tile's value may start a little left of its label, as this one's may (OCR boxes of
  // left-aligned labels and values differ by a few pixels): it is the next label's.
  const to = next ? next.x0 - next.size / 2 : Number.POSITIVE_INFINITY;
  for (let k = i + 1; k < Math.min(lines.length, i + 3); k++) {
    const below = lines[k] as TokenLine;
    if (below.page !== line.page || below.y0 - line.y1 > (line.y1 - line.y0) * 3) break;
    const inTile = below.tokens.filter((t) => t.kind === 'money' && t.x0 >= from && t.x0 < to);
    // A figure with a balance label of its own before it ("Opening Balance  496.35" under the
    // heading "Statement Balances") is that label's, not this one's.
    const ownLabel =
      inTile[0] && below.tokens.findLast((t) => t.x1 <= (inTile[0] as Token).x0 + 1 && t.kind === 'text');
    if (ownLabel && rowLabels(ownLabel.text).length > 0) break;
    if (inTile.length) return inTile[0] as Token;
    if (below.tokens.some((t) => t.kind === 'text' && Math.min(t.x1, label.x1) - Math.max(t.x0, label.x0) > 0)) break;
  }
  return null;
}

/**
 * Labels wrapped over two lines in a row of summary labels ("Closing" over "balance", the row's
 * other labels on one line between them): where a word of one line stands over a word of the
 * next line or the one after (a line apart at most), and together, not alone, they name a
 * balance, the lower word's line holds the label as one token of both words.
 */
function stackedLabels(lines: TokenLine[]): Map<TokenLine, Token[]> {
  const out = new Map<TokenLine, Token[]>();
  lines.forEach((line, i) => {
    for (const top of line.tokens) {
      if (top.kind !== 'text' || rowLabels(top.text).length) continue;
      for (let k = i + 1; k < Math.min(lines.length, i + 3); k++) {
        const below = lines[k] as TokenLine;
        if (below.page !== line.page || below.y0 - line.y1 > line.y1 - line.y0) break;
        const under = below.tokens.find(
          (t) => t.kind === 'text' && Math.min(t.x1, top.x1) - Math.max(t.x0, top.x0) > 0,
        );
        if (!under) continue;
        const text = `${top.text} ${under.text}`;
        if (!rowLabels(under.text).length && rowLabels(text).some((l) => l !== 'total'))
          out.set(below, [
            ...(out.get(below) ?? []),
            { ...under, text, x0: Math.min(top.x0, under.x0), x1: Math.max(top.x1, under.x1) },
          ]);
        break;
      }
    }
  });
  return out;
}

export function findLabelledBalances(
  lines: TokenLine[],
  period: Period | null,
  order: DayOrder,
  decimal: DecimalMark = '.',
): LabelledBalance[] {
  const found: {
    kinds: ('opening' | 'closing')[];
    value: ParsedAmount;
    text: string;
    date: string | null;
    total: boolean;
    alternatives: ParsedAmount[];
  }[] = [];
  const stacked = stackedLabels(lines);
  lines.forEach((line, i) => {
    for (const t of [...line.tokens, ...(stacked.get(line) ?? [])]) {
      if (t.kind !== 'text') continue;
      const labels = rowLabels(t.text);
      const kinds = labels.filter((k): k is 'opening' | 'closing' => k !== 'total');
      if (!kinds.length) continue;
      const v = valueRightOf(line, t, decimal) ?? valueBelow(lines, i, t);
      if (!v?.money) continue;
      // The label's own date, or a date between the label and its value ("Balance on 31 Jan 2025").
      const between = line.tokens.filter((x) => x.x0 >= t.x0 && x.x1 <= v.x0 + 1 && x !== v);
      // Or a date printed right before the label ("01/Eyl/2024 Tarihli Bakiye").
      const before = line.tokens.findLast((x) => x.x1 <= t.x0 + 1 && x.kind === 'date');
      const own = before && t.x0 - before.x1 < t.size * 1.5 ? before.date : undefined;
      // OCR may cut the year off the label into a run of its own ("Balance on 28 Feb" "2023").
      const joined = [t, ...between.filter((x) => x !== t)].map((x) => x.text).join(' ');
      const dateToken =
        between.find((x) => x.kind === 'date')?.date ??
        datesIn(t.text).find((d) => d.token.year)?.token ??
        datesIn(joined)[0]?.token ??
        own ??
        null;
      let date: string | null = null;
      if (dateToken?.year) {
        const { y, m, d } = dayMonth(dateToken, order);
        if (y && isValidYMD(y, m, d)) date = toIso(y, m, d);
      }
      const alternatives = line.tokens.flatMap((x) =>
        x !== v && x.kind === 'money' && x.money && x.x0 >= t.x1 - 1 ? [x.money] : [],
      );
      found.push({ kinds, value: v.money, text: t.text, date, total: labels.includes('total'), alternatives });
    }
  });
  const out: LabelledBalance[] = [];
  const dates = new Map<LabelledBalance, string | null>();
  const take = (kind: 'opening' | 'closing', f: (typeof found)[number]) => {
    const taken = out.find((o) => o.kind === kind);
    if (!taken) {
      const b: LabelledBalance = { kind, value: f.value, text: f.text, alternatives: f.alternatives };
      out.push(b);
      dates.set(b, f.date);
    }
    // Another undated label of the same kind ("amount due" under "Minimum", above a summary's
    // "Closing Balance") offers its figure as one more the arithmetic may name (ledger
    // printed-balances); a dated one is the balance of its own date (another month's).
    else if (!f.date && !dates.get(taken)) taken.alternatives.push(f.value);
  };
  // A label that may also name a total ("Toplam borç": a card's balance owed, or the sum of the
  // debits) counts only where no plain balance label says the same.
  for (const f of [...found.filter((x) => !x.total), ...found.filter((x) => x.total)]) {
    // A balance dated at the period's start is its opening, one dated at its end its closing,
    // whatever the label's word ("30/09 Tarihli Bakiye" and "01/09 Tarihli Bakiye" say the same word).
    if (f.date && period && (f.date <= period.start || f.date >= period.end)) {
      take(f.date <= period.start ? 'opening' : 'closing', f);
      continue;
    }
    if (f.kinds.length === 1) {
      take(f.kinds[0] as 'opening' | 'closing', f);
      continue;
    }
    if (f.date && period) continue;
    take(out.some((o) => o.kind === 'opening') ? 'closing' : 'opening', f);
  }
  return out;
}

/** The side a total's label names: a section word ("Total outgoing") or a column word ("Total Deposit Amount"). */
function totalSide(text: string): 1 | -1 | null {
  const heading = headingDirection(text);
  if (heading !== null) return heading;
  const role = labelReadings(text).find((r) => r.role === 'credit' || r.role === 'debit')?.role;
  return role === 'credit' ? 1 : role === 'debit' ? -1 : null;
}

/**
 * The totals of credits and of debits a statement prints by labels of either side ("Total
 * credits (6)", "Total outgoing", "Total des débits"), as positive cents, in its summary: within
 * three lines of its labelled opening or closing balance (a "Total deposits" elsewhere may sum a
 * portfolio's accounts). A side labelled with two different figures (this period's and the
 * year's) is left out: which is the period's, the page does not say.
 */
export function findPrintedTotals(
  lines: TokenLine[],
  decimal: DecimalMark = '.',
): { credits: number | null; debits: number | null } | null {
  const found = { credits: new Set<number>(), debits: new Set<number>() };
  const balanceLine = (l: TokenLine) =>
    l.tokens.some((t) => t.kind === 'money') &&
    l.tokens.some((t) => {
      const labels = t.kind === 'text' ? rowLabels(t.text) : [];
      return (labels.includes('opening') || labels.includes('closing')) && !labels.includes('total');
    });
  const inSummary = (i: number) =>
    lines
      .slice(Math.max(0, i - 3), i + 4)
      .some((l) => l !== lines[i] && l.page === (lines[i] as TokenLine).page && balanceLine(l));
  lines.forEach((line, i) => {
    if (isRunningText(line)) return;
    for (const t of line.tokens) {
      if (t.kind !== 'text') continue;
      const labels = rowLabels(t.text);
      if (!labels.includes('total') || labels.includes('opening') || labels.includes('closing')) continue;
      const side = totalSide(t.text);
      if (side === null || !inSummary(i)) continue;
      const v = valueRightOf(line, t, decimal) ?? valueBelow(lines, i, t);
      if (!v?.money) continue;
      found[side > 0 ? 'credits' : 'debits'].add(v.money.cents);
    }
  });
  const one = (set: Set<number>) => (set.size === 1 ? ([...set][0] as number) : null);
  const totals = { credits: one(found.credits), debits: one(found.debits) };
  return totals.credits === null && totals.debits === null ? null : totals;
}
