/**
 * Table regions -> raw rows. A table starts at a header row and keeps its columns across
 * pages until another header (or a different table's header) appears. Rows start at a
 * date, or at an amount when the row above already has one; wrapped description lines
 * join their row.
 */
import type { LayoutDocument, LayoutLine, TextRun } from '../layout/model';
import { repairGroupedLostDecimal, repairMonthName, repairNumericToken } from '../ocr/repair';
import { type DecimalMark, type ParsedAmount, parseAmount } from '../values/amount';
import { type DateToken, leadingDate, parseDateToken } from '../values/date';
import { type HeaderLabel, headingDirection, isOtherTableHeader, matchHeader, type Role, signWord } from './header';
import { inferTableFromData } from './implicit';

export interface Column {
  /** 'other': a labelled column the engine does not use (status, account number); its text is dropped. */
  role: Role | 'other';
  x0: number;
  x1: number;
  label: string;
}

export interface TableModel {
  id: number;
  columns: Column[];
  /** Left edge of the description column: wrapped lines start at or right of it. */
  descX: number;
  /** Left edge of the first money column. */
  moneyX: number;
  /** Page and top of the header row (tables found by their header). */
  page?: number;
  headerY?: number;
}

export interface RawRow {
  table: number;
  page: number;
  date: DateToken | null;
  dateText: string;
  description: string[];
  /** Money cells by role. */
  money: { role: 'debit' | 'credit' | 'amount' | 'balance'; value: ParsedAmount; text: string; x1: number }[];
  drcr: string | null;
  reference: string | null;
  /** A text-only line inside the table above the row ("Deposits and other credits"): a section heading. */
  heading: string | null;
  /** y of the row's first and last line, for continuation distance. */
  y0: number;
  lastY: number;
  lastLineHeight: number;
  /** The row's first description run starts at the table's row-start x (not indented). */
  firstX: number;
  /** The row has its amount already (a row whose amount comes on a later line is still open). */
  hasAmount: boolean;
  /** OCR: a value only read after fixing confused characters (O/0, l/1, S/5 ...). */
  corrected: boolean;
  /** OCR: lowest recognition confidence of the row's runs. */
  confidence: number | null;
  /** OCR: the row starts with a date OCR damaged ("0/14", "011"); extraction decides it. */
  damagedDate?: boolean;
}

export interface Token {
  kind: 'date' | 'money' | 'text';
  run: TextRun;
  date?: DateToken;
  money?: ParsedAmount;
}

const FOOTER_RE =
  /^(\(?\s*(page|seite|página|pagina|pag\.?|blatt|feuille)\s*\d+\s*((of|von|de|di|van|sur|\/)\s*\d+)?\s*\)?|\d+\s*(\/|of|von)\s*\d+)$/i;

export function isFooterText(text: string): boolean {
  return FOOTER_RE.test(text.trim());
}

function columnsFromLabels(labels: HeaderLabel[]): Column[] {
  return labels
    .map((l): Column => ({ role: l.role ?? 'other', x0: l.x0, x1: l.x1, label: l.text }))
    .sort((a, b) => a.x0 - b.x0);
}

const MONEY_ROLES = new Set<Column['role']>(['debit', 'credit', 'amount', 'balance']);

function makeTable(id: number, columns: Column[]): TableModel {
  const desc = columns.find((c) => c.role === 'description' || c.role === 'type');
  const money = columns.filter((c) => MONEY_ROLES.has(c.role));
  const dateCol = columns.find((c) => c.role === 'date' || c.role === 'valueDate');
  const moneyX = Math.min(...money.map((c) => c.x0));
  const descX = desc ? desc.x0 : dateCol ? dateCol.x1 + 1 : 0;
  return { id, columns, descX, moneyX };
}

const tokenCache = new WeakMap<TextRun, { decimal: DecimalMark; tokens: Token[] }>();

/** Splits a run into a leading date, text, and trailing money amounts (for runs that merged columns). */
export function tokenise(run: TextRun, decimal: DecimalMark): Token[] {
  // Both scan passes tokenise the same runs; the answer depends only on the decimal mark.
  const hit = tokenCache.get(run);
  if (hit?.decimal === decimal) return hit.tokens.map((t) => ({ ...t }));
  const tokens = tokeniseUncached(run, decimal);
  tokenCache.set(run, { decimal, tokens });
  return tokens.map((t) => ({ ...t }));
}

function tokeniseUncached(run: TextRun, decimal: DecimalMark): Token[] {
  const whole = run.text;
  const date = parseDateToken(whole);
  if (date) return [{ kind: 'date', run, date }];
  const money = parseAmount(whole, decimal);
  if (money) return [{ kind: 'money', run, money }];
  const perChar = (run.x1 - run.x0) / Math.max(1, whole.length);
  const sub = (start: number, text: string): TextRun => {
    const x0 = run.x0 + start * perChar;
    return { ...run, text, x0, x1: x0 + text.length * perChar };
  };
  const out: Token[] = [];
  let text = whole;
  let start = 0;
  // Up to two leading dates: a posting date and a value date printed close enough to merge.
  for (let k = 0; k < 2; k++) {
    const lead = leadingDate(text);
    if (!/^\d/.test(text) || !lead || (!lead.rest && k === 0)) break;
    const dateText = lead.token.text;
    out.push({ kind: 'date', run: sub(start, dateText), date: lead.token });
    start = whole.indexOf(lead.rest, start + dateText.length);
    text = lead.rest;
  }
  // Trailing amounts: "GIFT 128.00", "Transfer 1.234,56 S".
  const tail: Token[] = [];
  for (;;) {
    const m = /^(.*\S)\s+(\S+(?:\s(?:CR|DR|Cr|Dr|OD|S|H|D|C|-|\+))?)$/.exec(text);
    if (!m) break;
    const value = parseAmount(m[2] as string, decimal);
    if (!value) break;
    const at = start + (m[1] as string).length + (text.length - (m[1] as string).length - (m[2] as string).length);
    tail.unshift({ kind: 'money', run: sub(at, m[2] as string), money: value });
    text = m[1] as string;
  }
  if (text) out.push({ kind: 'text', run: sub(start, text) });
  return [...out, ...tail];
}

function nearestColumn(cols: Column[], run: TextRun): { col: Column; dist: number } | null {
  let best: { col: Column; dist: number } | null = null;
  for (const col of cols) {
    const overlap = Math.min(col.x1, run.x1) - Math.max(col.x0, run.x0);
    // Right edges of amounts usually align with their header; centred headers overlap instead.
    const dist =
      overlap > 0
        ? Math.abs(col.x1 - run.x1) * 0.1
        : Math.min(Math.abs(col.x1 - run.x1), Math.abs(col.x0 - run.x1), Math.abs(col.x1 - run.x0));
    if (!best || dist < best.dist) best = { col, dist };
  }
  return best;
}

/** The date column a date sits in: the one it overlaps most (dates are left-aligned), else the nearest. */
function dateColumn(cols: Column[], run: TextRun): Column | null {
  let best: Column | null = null;
  let most = 0;
  for (const col of cols) {
    const overlap = Math.min(col.x1, run.x1) - Math.max(col.x0, run.x0);
    if (overlap > most) {
      most = overlap;
      best = col;
    }
  }
  return best ?? nearestColumn(cols, run)?.col ?? null;
}

/**
 * OCR runs in money and date columns that do not read as values are retried with the
 * usual character confusions fixed (O/0, l/1, S/5, a comma read for a point).
 */
function repairOcrRun(
  run: TextRun,
  table: TableModel,
  decimal: DecimalMark,
  dateCols: Column[],
  size: number,
  sollHaben: boolean,
): TextRun {
  const inMoney = run.x1 > table.moneyX - size * 2;
  const inDate = run.x0 < table.descX - 1 || dateCols.some((c) => Math.min(c.x1, run.x1) - Math.max(c.x0, run.x0) > 0);
  if (!inMoney && !inDate) return run;
  if (inMoney && parseAmount(run.text, decimal)) return run;
  if (inDate && !inMoney && parseDateToken(run.text)) return run;
  if (inDate && !inMoney) {
    const month = repairMonthName(run.text);
    if (month.changed && parseDateToken(month.text)) return { ...run, text: month.text };
  }
  // A lost decimal mark ("2491" for 24.91) in a money column: the cents are the last two digits.
  if (inMoney && /^\(?-?\d{3,7}\)?-?$/.test(run.text)) {
    const text = run.text.replace(/(\d{2})(\)?-?)$/, `${decimal}$1$2`);
    if (parseAmount(text, decimal)) return { ...run, text };
  }
  const grouped = inMoney ? repairGroupedLostDecimal(run.text, decimal) : null;
  if (grouped && parseAmount(grouped, decimal)) return { ...run, text: grouped };
  const fixed = repairNumericToken(run.text, { decimal, sollHaben });
  if (!fixed.changed) return run;
  const ok = inMoney ? parseAmount(fixed.text, decimal) !== null : parseDateToken(fixed.text) !== null;
  return ok ? { ...run, text: fixed.text } : run;
}

/** Runs left of the description that only read as a date together ("01" + "Feb 23") become one. */
function joinDateParts(runs: TextRun[], table: TableModel, size: number): TextRun[] {
  const out: TextRun[] = [];
  for (const run of runs) {
    const prev = out[out.length - 1];
    if (prev && run.x0 < table.descX - 1 && run.x0 - prev.x1 < size * 2) {
      const joined = `${prev.text} ${run.text}`;
      const both = parseDateToken(joined);
      if (both && (!parseDateToken(prev.text) || !parseDateToken(run.text))) {
        out[out.length - 1] = { ...prev, text: joined, x1: run.x1 };
        continue;
      }
    }
    out.push(run);
  }
  return out;
}

const NOTE_RE = /\b(continued|suite|fortsetzung|continua|continúa|continuação|vervolg|summary)\b/i;
const MARK_RE = /^(CR|DR|Cr|Dr|cr|dr|OD)\.?$/;
const TIME_RE = /^\d{1,2}:\d{2}(:\d{2})?(\s?[AaPp][Mm])?$/;

interface LineInfo {
  corrected: boolean;
  confidence: number | null;
  dates: { token: DateToken; col: Column | null; run: TextRun }[];
  money: { role: 'debit' | 'credit' | 'amount' | 'balance'; value: ParsedAmount; text: string; x1: number }[];
  texts: TextRun[];
  drcr: string | null;
  reference: string | null;
  /** OCR: a date-column run that is a date with characters lost or misread. */
  damagedDate: TextRun | null;
}

/**
 * A date the OCR damaged: digits, date separators and letters OCR reads for digits ("0/14",
 * "011", "O1/1"); with no digit or separator at all only a short word of such letters ("oui").
 */
const DAMAGED_DATE_RE = /^(?=.*[0-9/.-]|[OoIilLuUsSbBzZ|]{2,5}$)[0-9OoIilLuUsSbBzZ|/.-]{2,10}$/;

interface ScanOptions {
  decimal: DecimalMark;
  /** German-style S/H (Soll/Haben) markers after amounts, which OCR glues or misreads ("23,325"). */
  sollHaben: boolean;
}

function classifyLine(line: LayoutLine, table: TableModel, opts: ScanOptions, ocr: boolean): LineInfo {
  const { decimal } = opts;
  const info: LineInfo = {
    dates: [],
    money: [],
    texts: [],
    drcr: null,
    reference: null,
    corrected: false,
    confidence: null,
    damagedDate: null,
  };
  const moneyCols = table.columns.filter((c) => MONEY_ROLES.has(c.role));
  const dateCols = table.columns.filter((c) => c.role === 'date' || c.role === 'valueDate');
  const refCol = table.columns.find((c) => c.role === 'reference');
  const drcrCol = table.columns.find((c) => c.role === 'drcr');
  const typeCols = table.columns.filter((c) => c.role === 'type');
  const otherCols = table.columns.filter((c) => c.role === 'other');
  const textCols = table.columns.filter((c) => c.role === 'description' || c.role === 'type');
  const size = Math.max(...line.runs.map((r) => r.size));
  for (const raw of joinDateParts(line.runs, table, size)) {
    if (raw.confidence !== undefined) info.confidence = Math.min(info.confidence ?? 1, raw.confidence);
    const run = ocr ? repairOcrRun(raw, table, decimal, dateCols, size, opts.sollHaben) : raw;
    if (run !== raw) info.corrected = true;
    for (const tok of tokenise(run, decimal)) {
      // A Dr/Cr marker printed apart from its amount ("1,234.56   CR") belongs to that amount.
      const lastMoney = info.money[info.money.length - 1];
      if (tok.kind === 'text' && lastMoney && !lastMoney.value.mark && MARK_RE.test(tok.run.text)) {
        const marked = parseAmount(`${lastMoney.text} ${tok.run.text}`, decimal);
        if (marked && tok.run.x0 - lastMoney.x1 < size * 2.5) {
          lastMoney.value = marked;
          lastMoney.text = `${lastMoney.text} ${tok.run.text}`;
          lastMoney.x1 = tok.run.x1;
          continue;
        }
      }
      // A time printed beside the date ("01/02/2024 10:32") is not description.
      // So is a time in a date column ("2025-03-03 08:01:45" under "Completed Date").
      if (
        tok.kind === 'text' &&
        TIME_RE.test(tok.run.text) &&
        (tok.run.x0 < table.descX - 1 ||
          dateCols.some((c) => Math.min(c.x1, tok.run.x1) - Math.max(c.x0, tok.run.x0) > 0))
      )
        continue;
      const r = tok.run;
      if (tok.kind === 'date' && tok.date) {
        const inDateCol = dateCols.some((c) => Math.min(c.x1, r.x1) - Math.max(c.x0, r.x0) > 0);
        // "1.23" under an amount printed left of the description is money, not the 23rd of January.
        const inMoneyCol = moneyCols.some((c) => Math.min(c.x1, r.x1) - Math.max(c.x0, r.x0) > 0);
        if ((r.x0 < table.descX - 1 && !inMoneyCol) || inDateCol) {
          const col = dateColumn(dateCols, r);
          info.dates.push({ token: tok.date, col, run: r });
          continue;
        }
        // "4.01" outside the date columns is money, not the 4th of January.
        const money = parseAmount(r.text, decimal);
        if (money) {
          tok.kind = 'money';
          tok.money = money;
        }
      }
      if (tok.kind === 'money' && tok.money && r.x1 > table.moneyX - size * 2) {
        const near = nearestColumn(moneyCols, r);
        if (near && near.dist < size * 6) {
          info.money.push({
            role: near.col.role as LineInfo['money'][number]['role'],
            value: tok.money,
            text: r.text,
            x1: r.x1,
          });
          continue;
        }
      }
      // A Dr/Cr column, or a type column whose cell only says "Debit" / "Credit", signs the amount.
      if (
        signWord(r.text) &&
        ((drcrCol && Math.abs(r.x0 - drcrCol.x0) < size * 3) ||
          typeCols.some((c) => Math.min(c.x1, r.x1) - Math.max(c.x0, r.x0) > 0))
      ) {
        info.drcr = r.text;
        continue;
      }
      if (
        refCol &&
        r.x0 >= refCol.x0 - size &&
        r.x0 < refCol.x1 + size &&
        Math.abs(r.x0 - table.descX) > size &&
        /\d/.test(r.text)
      ) {
        info.reference = info.reference ? `${info.reference} ${r.text}` : r.text;
        continue;
      }
      if (
        ocr &&
        !info.dates.length &&
        !info.damagedDate &&
        !info.texts.length &&
        DAMAGED_DATE_RE.test(r.text) &&
        (r.x1 < table.descX || dateCols.some((c) => Math.min(c.x1, r.x1) - Math.max(c.x0, r.x0) > 0))
      ) {
        info.damagedDate = r;
        continue;
      }
      const other = otherCols.find((c) => r.x0 >= c.x0 - size * 0.5 && r.x1 <= c.x1 + size * 8 && r.x0 < c.x1);
      if (other && !textCols.some((c) => Math.min(c.x1, r.x1) - Math.max(c.x0, r.x0) > 0)) continue;
      info.texts.push(r);
    }
  }
  // The posting date is the first date column's date; a value-date column's date is dropped.
  info.dates = info.dates.filter((d) => d.col?.role !== 'valueDate');
  return info;
}

const BALANCE_ROW_RE =
  /^(balance (brought|carried) forward|brought forward|carried forward|(opening|closing|beginning|ending|previous|new|starting|final) balance|balance (b\/?f|c\/?f|forward)|alter kontostand|neuer kontostand|kontostand|(alter|neuer) saldo|übertrag|saldo (anterior|inicial|final|actual|anteriore|iniziale|finale|precedente|vorige|nuovo)|solde (précédent|precedent|initial|final|au|reporté|reporte|créditeur|crediteur|débiteur|debiteur)|ancien solde|nouveau solde|beginsaldo|eindsaldo|saldovortrag|anfangssaldo|endsaldo|schlusssaldo|report|a reporter|à reporter)\b/i;
const TOTAL_ROW_RE =
  /^(totals?|total (of )?(debits?|credits?|withdrawals|deposits|fees|for)|sub-?totals?|summe|gesamt|totale|totaal|totaux)\b/i;

export type RowKind = 'transaction' | 'balance' | 'total';

export function rowKind(description: string): RowKind {
  const d = description.trim();
  if (BALANCE_ROW_RE.test(d)) return 'balance';
  if (TOTAL_ROW_RE.test(d)) return 'total';
  return 'transaction';
}

function looksLikeDataLine(line: LayoutLine, decimal: DecimalMark, width: number): boolean {
  const tokens = line.runs.flatMap((r) => tokenise(r, decimal));
  return tokens[0]?.kind === 'date' && tokens[0].run.x0 < width * 0.3 && tokens.some((t) => t.kind === 'money');
}

export interface TableScan {
  tables: TableModel[];
  rows: RawRow[];
  /** Lines that were not part of any table (statement facts live there). */
  otherLines: { page: number; line: LayoutLine; beforeTable: number }[];
}

/** Walks the document's lines and assembles raw rows. */
export function scanTables(doc: LayoutDocument, decimal: DecimalMark): TableScan {
  // Whether wrapped lines are indented is a property of the whole document's layout:
  // a first pass measures it, the second pass uses it from the first row on.
  let marked = 0;
  for (const p of doc.pages)
    for (const l of p.lines) for (const r of l.runs) if (/\d[.,]\d\d ?[SH]$/.test(r.text)) marked++;
  const opts: ScanOptions = { decimal, sollHaben: marked >= 2 };
  const first = scanPass(doc, opts, null, null);
  if (first.tables.length === 0) {
    // No header row anywhere: infer the columns from the data and read every page with them.
    const implicit = inferTableFromData(doc, decimal);
    if (implicit) return scanPass(doc, opts, { indented: false, dated: true }, implicit);
  }
  if (!first.layout.indented && !first.layout.dated) return first;
  return scanPass(doc, opts, first.layout, null);
}

/** Document-wide layout traits measured by the first pass. */
interface LayoutTraits {
  /** Wrapped lines start right of the row's first word (type codes before details). */
  indented: boolean;
  /** (Nearly) every row prints its date: an undated line with money is then not a transaction. */
  dated: boolean;
}

function scanPass(
  doc: LayoutDocument,
  opts: ScanOptions,
  known: LayoutTraits | null,
  implicit: TableModel | null,
): TableScan & { layout: LayoutTraits } {
  const { decimal } = opts;
  const tables: TableModel[] = [];
  const rows: RawRow[] = [];
  const otherLines: TableScan['otherLines'] = [];
  let table: TableModel | null = implicit ? { ...implicit, id: 0 } : null;
  if (table) tables.push(table);
  let row: RawRow | null = null;
  let heading: string | null = null;
  // Per table: do wrapped lines start right of the row's first description word (UK-style type codes)?
  const indent = { yes: 0, no: 0 };
  const indentedLayout = () => known?.indented ?? indent.yes > indent.no;
  const datedLayout = known?.dated ?? false;

  const closeRow = () => {
    if (row) rows.push(row);
    row = null;
  };

  for (const page of doc.pages) {
    const lines = page.lines;
    const headerLines = new Set<number>();
    // Page-level: a row never continues across a page into a new header.
    for (let i = 0; i < lines.length; i++) {
      if (headerLines.has(i)) continue;
      const line = lines[i] as LayoutLine;
      const match = matchHeader(lines, i);
      if (match) {
        closeRow();
        table = { ...makeTable(tables.length, columnsFromLabels(match.labels)), page: page.number, headerY: line.y0 };
        tables.push(table);
        heading = null;
        for (const j of match.lineIndexes) headerLines.add(j);
        continue;
      }
      if (
        table &&
        isOtherTableHeader(
          line,
          table.columns.map((c) => c.role),
        )
      ) {
        closeRow();
        table = null;
        otherLines.push({ page: page.number, line, beforeTable: tables.length });
        continue;
      }
      const text = line.runs.map((r) => r.text).join(' ');
      // Inferred columns come back at the next line that looks like a transaction.
      if (!table && implicit && looksLikeDataLine(line, decimal, page.width)) table = tables[0] ?? null;
      if (!table || isFooterText(text) || line.runs.every((r) => isFooterText(r.text))) {
        otherLines.push({ page: page.number, line, beforeTable: tables.length });
        continue;
      }
      const info = classifyLine(line, table, opts, page.source === 'ocr');
      const hasAmount = info.money.some((m) => m.role !== 'balance');
      const hasMoney = info.money.length > 0;
      const date = info.dates[0];
      const firstText = info.texts[0];
      const size = Math.max(...line.runs.map((r) => r.size));
      const startsInDesc = firstText ? firstText.x0 >= table.descX - size * 1.5 : false;
      const lineHeight = line.y1 - line.y0;
      const cur = row as RawRow | null;
      const near = cur !== null && cur.page === page.number && line.y0 - cur.lastY < Math.max(lineHeight, size) * 2.6;

      let start = false;
      if (date) start = true;
      else if (info.damagedDate && hasAmount) start = true;
      else if (hasMoney && (!cur || cur.hasAmount || !near)) start = !datedLayout && (startsInDesc || !firstText);
      else if (!hasMoney && firstText && startsInDesc && !cur) start = !implicit;
      else if (!hasMoney && firstText && startsInDesc && cur?.hasAmount && near) {
        // Text after a complete row: a new undated row in layouts that indent wrapped lines.
        start = indentedLayout() && Math.abs(firstText.x0 - cur.firstX) < size * 0.6;
      }

      if (start) {
        closeRow();
        row = {
          table: table.id,
          page: page.number,
          date: date?.token ?? null,
          dateText: date?.run.text ?? info.damagedDate?.text ?? '',
          ...(!date && info.damagedDate ? { damagedDate: true } : {}),
          description: info.texts.map((t) => t.text),
          money: info.money,
          drcr: info.drcr,
          reference: info.reference,
          heading,
          y0: line.y0,
          lastY: line.y1,
          lastLineHeight: lineHeight,
          firstX: firstText?.x0 ?? table.descX,
          hasAmount,
          corrected: info.corrected,
          confidence: info.confidence,
        };
        // Brought-forward and total lines are complete on their own line: nothing wraps into them.
        if (hasMoney && rowKind(info.texts.map((t) => t.text).join(' ')) !== 'transaction') closeRow();
        continue;
      }
      // Continuation: a wrapped description line (or the amount line of an amount-last row).
      // Some layouts print wrapped details from the date column: a text-only line set tight under
      // the row, not bold and naming no section, continues it.
      const hanging =
        cur !== null &&
        !!firstText &&
        !hasMoney &&
        !date &&
        line.y0 - cur.lastY < size &&
        // Within the text span (a rule or a note across the page is not a wrap), words, no heading or note.
        (line.runs[line.runs.length - 1] as TextRun).x1 < table.moneyX &&
        /[A-Za-z]{2}/.test(text) &&
        !/[:-]\s*$/.test(text) &&
        !NOTE_RE.test(text) &&
        !line.runs.every((r) => r.bold) &&
        !headingDirection(text);
      const canContinue =
        cur !== null &&
        near &&
        (!firstText || (startsInDesc && firstText.x0 < table.moneyX) || hanging) &&
        !(hasAmount && cur.hasAmount) &&
        // "ENDING BALANCE 5,340.05" under the last row is a balance line, not a wrapped description.
        rowKind(info.texts.map((t) => t.text).join(' ')) === 'transaction' &&
        !info.money.some((m) => cur.money.some((c) => c.role === m.role));
      if (canContinue && cur) {
        // Only lines before the row's amount surely belong to it: they show how wraps are indented.
        if (firstText && !cur.hasAmount) {
          if (firstText.x0 > cur.firstX + size * 0.6) indent.yes++;
          else indent.no++;
        }
        cur.description.push(...info.texts.map((t) => t.text));
        cur.money.push(...info.money);
        cur.drcr ??= info.drcr;
        if (info.reference) cur.reference = cur.reference ? `${cur.reference} ${info.reference}` : info.reference;
        cur.lastY = line.y1;
        cur.hasAmount ||= hasAmount;
        cur.corrected ||= info.corrected;
        if (info.confidence !== null) cur.confidence = Math.min(cur.confidence ?? 1, info.confidence);
        continue;
      }
      // Anything else inside a table region (notes, footers, section headings) is not part of a row.
      closeRow();
      if (!hasMoney && !date && info.texts.length) heading = text;
      otherLines.push({ page: page.number, line, beforeTable: tables.length });
    }
    closeRow();
  }
  closeRow();
  const dated = rows.filter((r) => r.date).length;
  const layout = { indented: indent.yes > indent.no, dated: rows.length >= 5 && dated / rows.length >= 0.9 };
  return { tables, rows, otherLines, layout };
}
