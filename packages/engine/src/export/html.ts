/** A standalone printable HTML page: summary and table per statement, no scripts, no outside resources. */
import type { Statement } from '@statemint/shared';
import { formatMoneyGrouped } from './money';
import { mismatchRows, STANDARD_COLUMNS, statementDigits, statementTotals } from './options';
import { stripXmlInvalid } from './safety';
import { issueLines, mismatchLines, period, summaryLines } from './summary';

export function escapeHtml(text: string): string {
  return stripXmlInvalid(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  body { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; margin: 24px; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  h2 { font-size: 16px; margin: 28px 0 8px; }
  dl.summary { display: grid; grid-template-columns: max-content auto; gap: 2px 16px; margin: 0 0 16px; }
  dl.summary dt { color: #555; }
  dl.summary dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ddd; padding: 3px 6px; text-align: left; vertical-align: top; }
  th { background: #f2f4f7; font-weight: 600; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  tr.mismatch td { background: #fde8e8; }
  tfoot td { font-weight: 600; border-top: 2px solid #999; }
  .status-balanced { color: #116329; }
  .status-unbalanced { color: #b42318; }
  ul.mismatches { color: #b42318; }
  section + section { break-before: page; }
  @media print { body { margin: 0; font-size: 10px; } thead { display: table-header-group; } tr { break-inside: avoid; } }
`;

const NUMERIC = new Set([3, 4, 5, 6, 8]);

function statementHtml(s: Statement, index: number, count: number): string {
  const digits = statementDigits(s);
  const flagged = mismatchRows(s);
  const totals = statementTotals(s);
  const heading = [s.statement.bankName, s.statement.accountNumber, period(s)].filter(Boolean).join(' · ');
  const title = count > 1 ? `Statement ${index + 1} of ${count}` : 'Statement';
  const out: string[] = [`<section>`, `<h2>${escapeHtml(heading ? `${title}: ${heading}` : title)}</h2>`];
  out.push('<dl class="summary">');
  for (const line of summaryLines(s)) {
    const cls =
      line.label === 'Reconciliation'
        ? ` class="status-${s.reconciliation.status}"`
        : line.money !== undefined
          ? ' class="num"'
          : '';
    out.push(`<dt>${escapeHtml(line.label)}</dt><dd${cls}>${escapeHtml(line.text)}</dd>`);
  }
  out.push('</dl>');
  const mismatches = mismatchLines(s);
  if (mismatches.length > 0) {
    out.push('<p>Rows that do not add up (highlighted in the table):</p><ul class="mismatches">');
    for (const m of mismatches) out.push(`<li>${escapeHtml(m)}</li>`);
    out.push('</ul>');
  }
  const issues = issueLines(s);
  if (issues.length > 0) {
    out.push('<p>Conversion notes:</p><ul class="issues">');
    for (const m of issues) out.push(`<li>${escapeHtml(m)}</li>`);
    out.push('</ul>');
  }
  out.push('<table><thead><tr>');
  STANDARD_COLUMNS.forEach((h, c) => {
    out.push(`<th${NUMERIC.has(c) ? ' class="num"' : ''} scope="col">${escapeHtml(h)}</th>`);
  });
  out.push('</tr></thead><tbody>');
  s.transactions.forEach((t, i) => {
    const values = [
      t.date,
      t.sourceDate,
      t.description,
      formatMoneyGrouped(t.credit, digits),
      formatMoneyGrouped(t.debit, digits),
      formatMoneyGrouped(t.amount, digits),
      formatMoneyGrouped(t.balance, digits),
      t.reference ?? '',
      String(t.page),
    ];
    const cls = flagged.has(i) ? ' class="mismatch"' : '';
    out.push(
      `<tr${cls}>${values.map((v, c) => `<td${NUMERIC.has(c) ? ' class="num"' : ''}>${escapeHtml(v)}</td>`).join('')}</tr>`,
    );
  });
  out.push('</tbody><tfoot><tr>');
  out.push(
    `<td colspan="3">Total</td><td class="num">${escapeHtml(formatMoneyGrouped(totals.credits, digits))}</td>` +
      `<td class="num">${escapeHtml(formatMoneyGrouped(totals.debits, digits))}</td>` +
      `<td class="num">${escapeHtml(formatMoneyGrouped(totals.net, digits))}</td><td colspan="3"></td>`,
  );
  out.push('</tr></tfoot></table>', '</section>');
  return out.join('\n');
}

export function writeHtml(statements: Statement[]): string {
  const first = statements[0];
  const titleParts = first ? [first.statement.bankName, period(first)].filter(Boolean) : [];
  const title = ['Converted statement', ...titleParts].join(' – ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${statements.map((s, i) => statementHtml(s, i, statements.length)).join('\n')}
</body>
</html>
`;
}
