/** Plain text: the summary, then the 9 columns as an aligned fixed-width table (long descriptions wrap). */
import type { Statement, Transaction } from '@statemint/shared';
import { formatMoneyGrouped } from './money';
import { mismatchRows, STANDARD_COLUMNS, statementDigits, statementTotals } from './options';
import { singleLine } from './safety';
import { issueLines, mismatchLines, summaryLines } from './summary';

const DESCRIPTION_WIDTH = 48;
const ASCII = /^[\x20-\x7e]*$/;
const MARK = /\p{M}/u;

/** Terminal cell width: wide East Asian characters take two cells, combining marks none. */
export function displayWidth(text: string): number {
  // Most cells are plain ASCII: one cell per character, without a per-character Unicode test.
  if (ASCII.test(text)) return text.length;
  let width = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (MARK.test(ch)) continue;
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) ||
      c >= 0x1f300;
    width += wide ? 2 : 1;
  }
  return width;
}

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}

/** Splits at spaces into lines of at most `width` cells; a single longer word is cut. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = word;
    while (displayWidth(rest) > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      const chars = [...rest];
      let cut = 0;
      let w = 0;
      while (cut < chars.length && w + displayWidth(chars[cut] ?? '') <= width) w += displayWidth(chars[cut++] ?? '');
      lines.push(chars.slice(0, Math.max(cut, 1)).join(''));
      rest = chars.slice(Math.max(cut, 1)).join('');
    }
    if (!rest) continue;
    if (line && displayWidth(`${line} ${rest}`) > width) {
      lines.push(line);
      line = rest;
    } else {
      line = line ? `${line} ${rest}` : rest;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

function cells(t: Transaction, digits: number): string[] {
  return [
    t.date,
    singleLine(t.sourceDate),
    singleLine(t.description),
    formatMoneyGrouped(t.credit, digits),
    formatMoneyGrouped(t.debit, digits),
    formatMoneyGrouped(t.amount, digits),
    formatMoneyGrouped(t.balance, digits),
    singleLine(t.reference ?? ''),
    String(t.page),
  ];
}

const RIGHT_ALIGNED = new Set([3, 4, 5, 6, 8]);

function table(s: Statement): string[] {
  const digits = statementDigits(s);
  const flagged = mismatchRows(s);
  const rows = s.transactions.map((t) => cells(t, digits));
  const totals = statementTotals(s);
  const totalRow = [
    'Total',
    '',
    '',
    formatMoneyGrouped(totals.credits, digits),
    formatMoneyGrouped(totals.debits, digits),
    formatMoneyGrouped(totals.net, digits),
    '',
    '',
    '',
  ];
  const widths = STANDARD_COLUMNS.map((h, c) => {
    let w = displayWidth(h);
    for (const r of [...rows, totalRow]) w = Math.max(w, displayWidth(r[c] ?? ''));
    return c === 2 ? Math.min(w, DESCRIPTION_WIDTH) : w;
  });
  const line = (marker: string, values: string[]) =>
    `${marker} ${values.map((v, c) => pad(v, widths[c] ?? 0, RIGHT_ALIGNED.has(c))).join('  ')}`.trimEnd();
  const out = [
    line(' ', [...STANDARD_COLUMNS]),
    line(
      ' ',
      widths.map((w) => '-'.repeat(w)),
    ),
  ];
  rows.forEach((r, i) => {
    const [first = '', ...more] = wrap(r[2] ?? '', widths[2] ?? DESCRIPTION_WIDTH);
    out.push(
      line(
        flagged.has(i) ? '*' : ' ',
        r.map((v, c) => (c === 2 ? first : v)),
      ),
    );
    for (const extra of more)
      out.push(
        line(
          ' ',
          r.map((_, c) => (c === 2 ? extra : '')),
        ),
      );
  });
  out.push(
    line(
      ' ',
      widths.map((w) => '-'.repeat(w)),
    ),
  );
  out.push(line(' ', totalRow));
  return out;
}

function statementText(s: Statement): string {
  const summary = summaryLines(s);
  const labelWidth = Math.max(...summary.map((l) => l.label.length)) + 1;
  const out = summary.map((l) => `${pad(`${l.label}:`, labelWidth, false)} ${singleLine(l.text)}`.trimEnd());
  const mismatches = mismatchLines(s);
  if (mismatches.length > 0) {
    out.push('', 'Rows that do not add up (marked * in the table):', ...mismatches.map((m) => `  ${singleLine(m)}`));
  }
  const issues = issueLines(s);
  if (issues.length > 0) out.push('', 'Conversion notes:', ...issues.map((m) => `  ${singleLine(m)}`));
  out.push('', ...table(s));
  return out.join('\n');
}

export function writeText(statements: Statement[]): string {
  return `${statements.map(statementText).join(`\n\n${'='.repeat(80)}\n\n`)}\n`;
}
