/**
 * `ocr-cells` (OCR pages only): a value OCR damaged is repaired where its column says what it
 * must be. In a money column: letters read for digits (O/0, l/1, S/5), a decimal mark lost
 * ("2491" for 24.91, "2.33042 H" for 2.330,42 H), an S/H marker glued to the cents, a currency
 * sign read as a stray letter ("-X803.00" for -₹803.00) or a dollar's country as digits
 * ("-58$105.61" for -S$105.61); in a date
 * column: month names with digits for letters ("0CT"), a month run into its day ("JANO2") or
 * day and year ("020ct2023"),
 * slashes read as 1 or l. Outside those
 * columns nothing is touched: "S0L" in a description stays as printed.
 *
 * Evidence: the column's kind (its other cells) and the repaired text parsing as that kind.
 */
import {
  type DateShape,
  numericDateShape,
  repairDateByShape,
  repairGluedDate,
  repairGroupedLostDecimal,
  repairMonthByColumn,
  repairMonthName,
  repairNumericToken,
  splitDayFromMonth,
} from '../../ocr/repair';
import { type DecimalMark, parseAmount } from '../../values/amount';
import { parseDate } from '../../values/dates';
import { passEnabled } from '../passes';
import { SETTINGS } from '../settings';
import type { Token } from '../tokens/tokenise';
import type { Column, Region } from './model';

/**
 * A damaged date: digits, date separators and letters OCR reads for digits ("0/14", "011", "O1/1"),
 * or for narrow digits run together ("m3" for "1/13": "1/1" read as one letter).
 */
const DAMAGED_DATE_RE = /^(?=.*[0-9/.-]|[OoIilLuUsSbBzZmM|]{2,5}$)[0-9OoIilLuUsSbBzZmM|/.-]{2,10}$/;

/**
 * The side word a column prints after the cents of its debits ('128,00 D', '45.10 DR'), where it
 * marks its credits too ('12,71C'): every amount carries one, so an amount read without one was
 * damaged. Null where the column marks only one side, or nothing.
 */
function debitMark(tokens: Token[]): string | null {
  const marks = tokens.flatMap((t) => /\d[.,]\d\d ?(DR|Dr|D|CR|Cr|C)$/.exec(t.text)?.[1] ?? []);
  const debits = marks.filter((m) => m[0] === 'D');
  const money = tokens.filter((t) => t.kind === 'money' || /\d[.,]?\d\d\S?$/.test(t.text));
  if (debits.length < 2 || debits.length === marks.length || marks.length * 3 < money.length * 2) return null;
  const counts = new Map<string, number>();
  for (const m of debits) counts.set(m, (counts.get(m) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * In a column whose every amount is marked, the debit mark 'D' read as a last 0 glued to the cents
 * ('14,490' for '14,49 D', '194250' for '194,25 D': the decimal mark lost as well).
 */
function markReadAsZero(text: string, decimal: DecimalMark, mark: string): string | null {
  const group = decimal === ',' ? "[.' ]" : "[,' ]";
  const re = new RegExp(`^([-+(]?(?:\\p{Sc}\\s?)?)(\\d{1,3}(?:${group}\\d{3})+|\\d+)[${decimal}]?(\\d\\d)[0O]$`, 'u');
  const m = re.exec(text);
  if (!m) return null;
  const fixed = `${m[1]}${m[2]}${decimal}${m[3]} ${mark}`;
  return parseAmount(fixed, decimal) ? fixed : null;
}

function repairMoney(
  text: string,
  decimal: DecimalMark,
  sollHaben: boolean,
  mark: string | null = null,
): string | null {
  const unmarked = mark ? markReadAsZero(text, decimal, mark) : null;
  if (unmarked) return unmarked;
  // Specks read as marks around the side word of a column that marks every amount with one
  // ('3.77:Cr-' for '3.77 Cr'): between the cents and the word, or after it, they are noise.
  const specked = mark
    ? /^([-+(]?(?:\p{Sc}\s?)?[\d.,' ]*\d[.,]\d\d)\s?[:;,.'`_~-]?\s?(DR|Dr|D|CR|Cr|C)[:;,.'`_~-]?$/u.exec(text)
    : null;
  if (specked) {
    const fixed = `${specked[1]} ${specked[2]}`;
    if (fixed !== text && parseAmount(fixed, decimal)) return fixed;
  }
  // A currency sign the OCR has no glyph for ("-₹803.00" read as "-X803.00"), or the letters of a
  // dollar's country misread ("-S$34.58" as "-58$34.58", "$$251.00"): what stands between the
  // minus and the digits of an amount that is whole without it, up to a dollar sign, goes.
  // (A side marker after the cents stays: 'S$$124.93 Cr'.)
  const sign = /^([-+(]?)(?:[^\d\s.,]|[\p{L}\d$]{1,3}(?=\$)\$)([\d.,' ]+\d\)?-?(?:\s?\p{L}{1,2})?)$/u.exec(text);
  if (
    sign &&
    /[.,]\d\d\)?-?(?:\s?\p{L}{1,2})?$/u.test(sign[2] as string) &&
    parseAmount(`${sign[1]}${sign[2]}`, decimal)
  )
    return `${sign[1]}${sign[2]}`;
  // The space lost between an amount's trailing sign and the currency after it ('201,73-TL'):
  // the sign ends the amount.
  const glued = /^([-+(]?[\d.,' ]*\d[.,]\d\d[-+])\p{Lu}{1,3}$/u.exec(text);
  if (glued && parseAmount(glued[1] as string, decimal)) return glued[1] as string;
  // The cell's ruling read as a bar glued to the figure ('-69,13|', '|2.036,66'): cents end an
  // amount, so a bar, bracket or I/l after them (or a bar before it) is the rule, not a digit.
  const ruled = /^[|[\]!]?([-+(]?[\d.,' ]*\d[.,]\d\d\)?-?)[|[\]!Il]?$/.exec(text);
  if (ruled && ruled[1] !== text && parseAmount(ruled[1] as string, decimal)) return ruled[1] as string;
  // A space OCR put after the decimal mark ('3.536.100, 00').
  const spaced = /^(.*\d[.,])\s+(\d\d(?:\s?\p{L}{1,2}|-)?)$/u.exec(text);
  if (spaced && parseAmount(`${spaced[1]}${spaced[2]}`, decimal)) return `${spaced[1]}${spaced[2]}`;
  // The decimal mark read as a space ('-168 80'): two digits after it are the cents, where the
  // figure before has no decimal mark of its own (a space between thousands leaves three digits).
  const lost = /^([-+(]?(?:\p{Sc}\s?)?\d{1,3}(?:[.,' ]\d{3})*)\s(\d\d(?:\)|-)?)$/u.exec(text);
  if (lost && !(lost[1] as string).includes(decimal)) {
    const fixed = `${lost[1]}${decimal}${lost[2]}`;
    if (parseAmount(fixed, decimal)) return fixed;
  }
  // The decimal mark read as the other one ('44,27 $' among amounts with points): the last mark,
  // before exactly two digits, where the figure holds no mark of the document's kind.
  const other = decimal === '.' ? ',' : '.';
  const swapped = /^([-+(]?(?:\p{Sc}\s?)?[\d.,' ]*\d)[.,](\d\d\)?-?(?:\s?[\p{L}\p{Sc}]{1,2})?)$/u.exec(text);
  if (swapped && text.slice((swapped[1] as string).length)[0] === other && !(swapped[1] as string).includes(decimal)) {
    const fixed = `${swapped[1]}${decimal}${swapped[2]}`;
    if (parseAmount(fixed, decimal)) return fixed;
  }
  // The decimal mark read as a colon or semicolon ('11:25', '75;71'): a time has no place in a
  // money column.
  const colon = /^([-+(]?(?:\p{Sc}\s?)?\d{1,3}(?:[.,' ]\d{3})*)[:;](\d\d\)?-?(?:\s?[\p{L}\p{Sc}]{1,2})?)$/u.exec(text);
  if (colon && !(colon[1] as string).includes(decimal)) {
    const fixed = `${colon[1]}${decimal}${colon[2]}`;
    if (parseAmount(fixed, decimal)) return fixed;
  }
  const grouped = repairGroupedLostDecimal(text, decimal);
  if (grouped && parseAmount(grouped, decimal)) return grouped;
  // A lost decimal mark in a money column: the cents are the last two digits (a side marker,
  // currency sign or code after them stays: '260288 H', '243€', '256447 CAD').
  if (/^\(?-?\d{3,7}\)?-?(?:\s?(?:[\p{L}\p{Sc}]{1,2}|[A-Z]{3}))?$/u.test(text)) {
    const fixed = text.replace(/(\d{2})(\)?-?(?:\s?(?:[\p{L}\p{Sc}]{1,2}|[A-Z]{3}))?)$/u, `${decimal}$1$2`);
    if (parseAmount(fixed, decimal)) return fixed;
  }
  const r = repairNumericToken(text, { decimal, sollHaben });
  return r.changed && parseAmount(r.text, decimal) ? r.text : null;
}

function repairDate(raw: string, decimal: DecimalMark): string | null {
  // Specks read as punctuation at a date's ends ("9 SEPT,", "2 SEPT;", "(26-Feb-2023", a cell's
  // frame; "©2-December-2024", "@8-December-2024": a 0 whose loss leaves the same date), and
  // brackets or bars read for the letters I and J inside a month name ("07 MA] 25").
  const text = raw
    .replace(/^[,;:'"`|[\](){}©@®]+|[,;:'"`|)}]+$/g, '')
    .replace(/(?<=\p{L})\](?=\s|$)/gu, 'J')
    .replace(/(?<=\p{L})[|!](?=\p{L}|\s|$)/gu, 'I');
  if (text !== raw && parseDate(text)) return text;
  // A month name and its day run together, the day's 0 read as O ('JANO2', 'DEC19', '19DEC').
  const day = (d: string) => d.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1');
  if (/\d/.test(text) && !/\s/.test(text))
    for (let k = 1; k < text.length; k++) {
      const [a, b] = [text.slice(0, k), text.slice(k)];
      const spaced = /^\p{L}{3,9}\.?$/u.test(a)
        ? /^[0-9OoIl|]{1,3}$/.test(b) && `${a} ${day(b).replace(/^0(?=\d\d)/, '')}`
        : /^\p{L}{3,9}\.?$/u.test(b) && /^[0-9OoIl|]{1,2}$/.test(a) && `${day(a)} ${b}`;
      if (spaced && parseDate(spaced)) return spaced;
    }
  // A month name and its day apart, the day's digits read as letters of like shape ('Aug B',
  // 'Aug l5', 'O8 Aug').
  const toDigits = (d: string) =>
    d.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1').replace(/B/g, '8').replace(/S/g, '5').replace(/Z/g, '2');
  const apart = /^(\p{L}{3,9}\.?)\s+([0-9OoIl|BSZ]{1,2})$|^([0-9OoIl|BSZ]{1,2})\s+(\p{L}{3,9}\.?)$/u.exec(text);
  if (apart) {
    const fixed = apart[1]
      ? `${apart[1]} ${toDigits(apart[2] as string)}`
      : `${toDigits(apart[3] as string)} ${apart[4]}`;
    if (fixed !== text && parseDate(fixed)) return fixed;
  }
  const month = repairMonthName(text);
  if (month.changed && parseDate(month.text)) return month.text;
  // A day glued to a month name with a digit for a letter ("100CT": 10 OCT).
  const spaced = splitDayFromMonth(text);
  if (spaced && parseDate(spaced)) return spaced;
  const glued = repairGluedDate(text);
  if (glued) return glued;
  const r = repairNumericToken(text, { decimal });
  return r.changed && parseDate(r.text) ? r.text : null;
}

export function repairOcrCells(region: Region, cells: Token[][][], decimal: DecimalMark): void {
  if (region.source !== 'ocr' || !passEnabled('ocr-cells')) return;
  // German-style S/H markers after amounts, which OCR glues or misreads ("23,325").
  const sollHaben = cells.flat(2).filter((t) => /\d[.,]\d\d ?[SH]$/.test(t.text)).length >= 2;
  // A column is what its cells are, or what its label names (two damaged amounts make no money column).
  const moneyLabel = (c: Column) => ['debit', 'credit', 'amount', 'balance'].includes(c.readings[0]?.role ?? '');
  const dateLabel = (c: Column) =>
    ['date', 'postingDate', 'transactionDate', 'valueDate'].includes(c.readings[0]?.role ?? '');
  // ... or what its cells are once repaired (a page without the header, every amount's currency
  // sign misread).
  const repairable = new Set(
    region.columns.flatMap((c, ci) => {
      const tokens = cells.flatMap((row) => row[ci] ?? []);
      // Cells that print their cents ('-58$105.61', or grouped thousands before them: 'R$ 3.31331 C'):
      // a column of bare digit strings is references.
      const money = tokens.filter(
        (t) =>
          t.kind === 'money' ||
          t.alsoMoney ||
          !!repairGroupedLostDecimal(t.text, decimal) ||
          (/[.,]\d\d(?!\d)/.test(t.text) && !!parseAmount(repairMoney(t.text, decimal, sollHaben) ?? '', decimal)),
      );
      return tokens.length >= 3 && money.length >= tokens.length * SETTINGS.table.kindShare ? [c] : [];
    }),
  );
  // A column of dates stays one: day-month dates ('04.06') read as amounts once a comma document's
  // decimal mark is put in, and a repaired column of them took the table's dates away.
  const kinds = (c: Column) =>
    c.kind === 'money' || moneyLabel(c)
      ? 'money'
      : c.kind === 'date' || dateLabel(c)
        ? 'date'
        : repairable.has(c)
          ? 'money'
          : c.kind;
  const shapes = dateShapes(region, cells, kinds);
  const marks = region.columns.map((c, ci) =>
    kinds(c) === 'money' ? debitMark(cells.flatMap((row) => row[ci] ?? [])) : null,
  );
  for (const row of cells) {
    region.columns.forEach((col, ci) => {
      const cell = row[ci];
      if (!cell) return;
      cell.forEach((t, k) => {
        if (kinds(col) === 'money' && t.kind !== 'money' && !t.alsoMoney) {
          const fixed = repairMoney(t.text, decimal, sollHaben, marks[ci] ?? null);
          const money = fixed ? parseAmount(fixed, decimal) : null;
          if (money) cell[k] = { ...t, kind: 'money', money, text: fixed as string, repaired: t.text };
        } else if (kinds(col) === 'date' && t.kind !== 'date') {
          const fixed =
            repairDate(t.text, decimal) ??
            (shapes?.shapes.length && k === 0 ? repairDateByShape(t.text, shapes.shapes, shapes.orders) : null) ??
            (shapes?.months.length && k === 0 ? repairMonthByColumn(t.text, shapes.months) : null);
          const date = fixed ? parseDate(fixed) : null;
          if (date) cell[k] = { ...t, kind: 'date', date, text: fixed as string, repaired: t.text };
          else if (k === 0 && DAMAGED_DATE_RE.test(t.text)) cell[k] = { ...t, damagedDate: true };
        }
      });
    });
  }
  // Columns whose cells are now mostly values take that kind.
  region.columns.forEach((col, ci) => {
    const tokens = cells.flatMap((row) => row[ci] ?? []);
    if (!tokens.length) return;
    for (const kind of ['money', 'date'] as const) {
      if (
        col.kind !== kind &&
        kinds(col) === kind &&
        tokens.filter((t) => t.kind === kind).length * 2 > tokens.length
      ) {
        col.kind = kind;
      }
    }
  });
}

/**
 * How the region's date columns print their dates: the shapes of their numeric dates ("2/09": '/',
 * one digit then two) and the day orders those allow, and the month names of their named dates
 * ("Aug"). A damaged date of the same columns is read back into one of them (repairDateByShape,
 * repairMonthByColumn). Null below two sound dates: one cell is no column's habit.
 */
function dateShapes(
  region: Region,
  cells: Token[][][],
  kinds: (c: Column) => string | undefined,
): { shapes: DateShape[]; orders: ('DMY' | 'MDY')[]; months: string[] } | null {
  const shapes = new Map<string, DateShape>();
  const months = new Set<string>();
  let sound = 0;
  let dmy = false;
  let mdy = false;
  region.columns.forEach((col, ci) => {
    if (kinds(col) !== 'date') return;
    for (const row of cells)
      for (const t of row[ci] ?? []) {
        if (t.kind !== 'date' || !t.date) continue;
        if (t.date.kind === 'named' && t.date.monthName) {
          sound++;
          months.add(t.date.monthName.replace(/\.$/, ''));
          continue;
        }
        const shape = t.date.kind === 'numeric' ? numericDateShape(t.text) : null;
        if (!shape) continue;
        sound++;
        shapes.set(`${shape.sep}${shape.widths.join()}`, shape);
        if (t.date.a > 12) dmy = true;
        if (t.date.b > 12) mdy = true;
      }
  });
  if (sound < 2 || (dmy && mdy)) return null;
  return {
    shapes: [...shapes.values()],
    orders: dmy ? ['DMY'] : mdy ? ['MDY'] : ['DMY', 'MDY'],
    months: [...months],
  };
}
