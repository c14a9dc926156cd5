/**
 * Roles of a region's date, text and sign columns. Money columns are left to the ledger stage,
 * where reconciliation decides them.
 *
 * Evidence, in order: the label's words where the vocabulary knows them; else the cells: the
 * description is the text column with the most words; a text column of unique codes is the
 * reference column; repeated short values (categories, channels, codes) are another column.
 */
import { passEnabled } from '../passes';
import type { Token } from '../tokens/tokenise';
import { separatePhrases, signReadings } from '../vocabulary';
import type { Column, ColumnRole, Region } from './model';

const letterCount = (tokens: Token[]) => tokens.reduce((n, t) => n + (t.text.match(/\p{L}/gu)?.length ?? 0), 0);

function labelRole(c: Column): ColumnRole | null {
  const top = c.readings[0];
  // A label naming a description and, in a separate phrase, something else ("Concepto / Referencia")
  // heads a text column of descriptions.
  const desc = c.readings.find((x) => x.role === 'description');
  if (top && desc && top !== desc && separatePhrases(top, desc) && top.role === 'reference') return 'description';
  const r = top?.role;
  if (!r) return null;
  switch (r) {
    case 'description':
      return 'description';
    case 'reference':
      return 'reference';
    case 'sign':
      return 'sign';
    case 'unused':
      return 'other';
    default:
      return null;
  }
}

/**
 * Whether a text column holds codes: one word per cell, mostly with digits, mostly unique; or
 * numbers alone in nearly every cell, repeated or not (a batch or branch number: "5410").
 */
function isCodeColumn(values: string[]): boolean {
  if (values.length < 2) return false;
  const single = values.filter((v) => !/\s/.test(v)).length;
  const digits = values.filter((v) => /\d/.test(v)).length;
  const unique = new Set(values).size;
  const numbers = values.filter((v) => /^\d[\d./-]{2,}$/.test(v)).length;
  return (
    (single >= values.length * 0.8 && digits >= values.length * 0.6 && unique >= values.length * 0.7) ||
    numbers >= values.length * 0.9
  );
}

/**
 * Small whole numbers each one more than the one before: the rows' serial numbers (a page of
 * cheques numbered in a row prints six digits, often with leading zeros: those stay references).
 */
function isRowNumbers(values: string[]): boolean {
  if (values.length < 3 || !passEnabled('row-numbers')) return false;
  return values.every((v, i) => /^[1-9]\d{0,3}$/.test(v) && (i === 0 || Number(v) === Number(values[i - 1]) + 1));
}

export function assignTextRoles(
  region: Region,
  cells: Token[][][],
  table: { region: Region; cells: Token[][][] }[] = [{ region, cells }],
): number[] {
  const cols = region.columns;
  // Columns of words left of the description read as its first part (text-left-of-description).
  const joined: number[] = [];
  const valuesIn = (rows: Token[][][], i: number) =>
    rows.flatMap((row) => {
      const t = row[i] ?? [];
      return t.length ? [t.map((x) => x.text).join(' ')] : [];
    });
  // A column's values are asked for by several tests: read once.
  const read = new Map<number, string[]>();
  const values = (i: number) => {
    let v = read.get(i);
    if (!v) {
      v = valuesIn(cells, i);
      read.set(i, v);
    }
    return v;
  };
  // A labelled column's cells on every page of the table: a page's few cells must not make it a
  // column of codes that is a description on the others.
  const tableValues = (c: Column) =>
    c.label.trim()
      ? table.flatMap(({ region: r, cells: rows }) =>
          r.columns.filter((x) => x.label === c.label && x.kind === c.kind).flatMap((x) => valuesIn(rows, x.index)),
        )
      : values(c.index);
  for (const c of cols) {
    if (c.kind === 'date') c.role = 'date';
    else if (c.kind === 'sign') c.role = 'sign';
    else if (c.kind === 'money') c.role = 'amount';
    else c.role = 'other';
  }
  const text = cols.filter((c) => c.kind === 'text' || c.kind === 'time');
  for (const c of text) {
    // A column of sign words ("DEBIT" / "CREDIT", "Af" / "Bij") signs the amounts, whatever its label.
    const vals = values(c.index);
    if (vals.length >= 2 && new Set(vals.map((v) => v.toLowerCase())).size <= 3 && vals.every((v) => signReadings(v))) {
      c.role = 'sign';
      continue;
    }
    const byLabel = labelRole(c);
    if (byLabel === 'sign' && values(c.index).every((v) => v.length <= 8)) c.role = 'sign';
    else if (byLabel && byLabel !== 'sign') c.role = byLabel;
  }
  // Several columns labelled as descriptions ("TRANSACTION" over reference codes beside
  // "NARRATION"): one of unique codes beside one of text is the reference column.
  const described = cols.filter((c) => c.role === 'description');
  const codes = described.filter((c) =>
    c.label.trim() ? tableIsCodes(table, c, tableValues) : isCodeColumn(values(c.index)),
  );
  if (codes.length < described.length) for (const c of codes) c.role = 'reference';
  if (!cols.some((c) => c.role === 'description')) {
    // The text column with the most letters, among those the labels leave open.
    let best: Column | null = null;
    let most = 0;
    for (const c of text) {
      if (c.readings[0]?.role === 'unused') continue;
      const n = letterCount(cells.flatMap((row) => row[c.index] ?? []));
      if (n > most) {
        most = n;
        best = c;
      }
    }
    if (best) best.role = 'description';
  }
  for (const c of text) {
    if (c.role !== 'other' || labelRole(c) !== null || c.readings.length) continue;
    if (isCodeColumn(values(c.index))) c.role = 'reference';
    else if (!c.label.trim() && describedOnLeft(cols, c)) {
      // A column with no label of its own right of the description, before the next labelled
      // column, is more of the description's text (a merchant's city and country under
      // "DESCRIPTION"): the header labels the cell, and the cell runs on.
      c.role = 'description';
    } else if (!c.label.trim() && !region.header.length && describedOnRight(cols, c)) {
      // `text-left-of-description`: on a page that prints no header, a column of words left of
      // the description, with nothing between, is the description's first part (a transaction's
      // type, "REFLEX SERVICE CHARG", beside its counterparty and references): no label says
      // it is another column, and it was dropped.
      c.role = 'description';
      joined.push(c.index);
    } else if (!c.label.trim() && cutFromDescription(cols, c, region.size)) {
      // `label-cut-cells`: text cut from the description's cells at its label's start (the label
      // printed right of where the cells start: "BEGINNING BALANCE" under "   Transaction Details")
      // is the start of those cells, not a column of its own.
      c.role = 'description';
    }
  }
  // Row numbers (1, 2, 3 ...: "S.NO"), by label or not, count the rows: no reference of a transaction.
  for (const c of text) if (c.role === 'reference' && isRowNumbers(values(c.index))) c.role = 'other';
  return joined;
}

/**
 * Whether a labelled column is one of codes by its cells on every page of the table, once per
 * table (the list extract/index.ts passes for all its regions) and label: asked again for each
 * region, it made a 100-page statement's tables cost 100 x 100 pages of cells.
 */
const codesByTable = new WeakMap<object, Map<string, boolean>>();
function tableIsCodes(table: object, c: Column, tableValues: (c: Column) => string[]): boolean {
  let known = codesByTable.get(table);
  if (!known) {
    known = new Map();
    codesByTable.set(table, known);
  }
  const key = `${c.kind}\u0000${c.label}`;
  let codes = known.get(key);
  if (codes === undefined) {
    codes = isCodeColumn(tableValues(c));
    known.set(key, codes);
  }
  return codes;
}

/** The nearest labelled or roled column left of `c` is a description (unlabelled text in between). */
function describedOnLeft(cols: Column[], c: Column): boolean {
  for (let i = c.index - 1; i >= 0; i--) {
    const left = cols[i] as Column;
    if (left.role === 'description') return true;
    if (left.label.trim() || left.kind !== 'text') return false;
  }
  return false;
}

/** The nearest text column right of `c` is a description, only unlabelled text between. */
function describedOnRight(cols: Column[], c: Column): boolean {
  if (!passEnabled('text-left-of-description')) return false;
  for (let i = c.index + 1; i < cols.length; i++) {
    const right = cols[i] as Column;
    if (right.role === 'description') return true;
    if (right.label.trim() || right.kind !== 'text') return false;
  }
  return false;
}

/** The column right of `c` is the description, and the two touch: the label's start cut one cell in two. */
function cutFromDescription(cols: Column[], c: Column, size: number): boolean {
  if (!passEnabled('label-cut-cells')) return false;
  const right = cols[c.index + 1];
  return !!right && right.role === 'description' && right.kind === 'text' && right.x0 - c.x1 < size * 0.3;
}
