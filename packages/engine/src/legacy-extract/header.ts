/**
 * Transaction-table header rows: column words in English, German, French, Spanish,
 * Portuguese, Italian and Dutch, mapped to column roles.
 */
import type { LayoutLine, TextRun } from '../layout/model';

export type Role =
  | 'date'
  | 'valueDate'
  | 'description'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'balance'
  | 'reference'
  | 'drcr'
  | 'type';

const LABELS: Record<Role, string[]> = {
  date: [
    'date',
    'dates',
    'datum',
    'fecha',
    'data',
    'buchungstag',
    'buchungsdatum',
    'buchung',
    'posted date',
    'posting date',
    'post date',
    'posted',
    'trans date',
    'transaction date',
    'txn date',
    'tran date',
    'date posted',
    'booking date',
    'entry date',
    'fecha operación',
    'fecha operacion',
    'fecha de operación',
    'f. operación',
    'data lançamento',
    'data lancamento',
    'data movimento',
    'data mov',
    'data operazione',
    'data contabile',
    'date opération',
    'date operation',
    "date d'opération",
    'boekdatum',
    'transactiedatum',
    'date de comptabilisation',
    'fecha contable',
    'tag',
    'datum buchung',
    'date of transaction',
    'date paid',
    'paid date',
    'completed date',
    'date completed',
  ],
  valueDate: [
    'value date',
    'started date',
    'date started',
    'value dt',
    'value',
    'valuta',
    'valutadatum',
    'wertstellung',
    'wert',
    'fecha valor',
    'f. valor',
    'data valor',
    'data valuta',
    'date valeur',
    'date de valeur',
    'valeur',
    'rentedatum',
    'valutadatum',
    'val. date',
  ],
  description: [
    'description',
    'descriptions',
    'details',
    'transaction details',
    'narration',
    'particulars',
    'verwendungszweck',
    'buchungstext',
    'buchungsdetails',
    'concepto',
    'descripción',
    'descripcion',
    'histórico',
    'historico',
    'descrição',
    'descricao',
    'libellé',
    'libelle',
    'libellé de l’opération',
    "libellé de l'opération",
    'nature de l’opération',
    "nature de l'opération",
    'libellé des opérations',
    'libelle des operations',
    'détail des opérations',
    'detail des operations',
    'nature des opérations',
    'descritivo',
    'descrição do movimento',
    'descricao do movimento',
    'opération',
    'operation',
    'descrizione',
    'causale',
    'descrizione operazione',
    'omschrijving',
    'mededelingen',
    'transaction',
    'transactions',
    'payment type and details',
    'details of transaction',
    'memo',
    'payee',
    'beschreibung',
    'détails',
    'detalles',
    'operación',
    'movimiento',
    'lançamento',
    'lancamento',
    'transaction description',
    'payment reference',
    'zahlungsreferenz',
    'description of transaction',
    'narrative',
    'remarks',
    'text',
    'umsatz',
    'vorgang',
    'empfänger/auftraggeber',
    'auftraggeber/empfänger',
    'auftraggeber/begünstigter',
    'begünstigter/auftraggeber',
    'empfänger',
    'auftraggeber',
    'begünstigter',
    'zahlungsempfänger',
    'beneficiary',
    'counterparty',
    'payer/payee',
    'bénéficiaire',
    'beneficiario',
    'ordenante',
    'tegenrekening naam',
    'name',
    'merchant',
    'activity',
    'transaktion',
  ],
  debit: [
    'debit',
    'debits',
    'withdrawal',
    'withdrawals',
    'withdrawal amt',
    'withdrawal amount',
    'withdrawals amt',
    'paid out',
    'money out',
    'payments out',
    'out',
    'cargos',
    'cargo',
    'débito',
    'debito',
    'débitos',
    'debitos',
    'soll',
    'débit',
    'debit amount',
    'dare',
    'af',
    'uitgaven',
    'subtractions',
    'payments',
    'charges',
    'withdrawals/debits',
    'debit amt',
    'dr amount',
    'amount debited',
    'ausgang',
    'belastung',
    'lastschrift',
    'retiros',
    'retirada',
    'saídas',
    'saidas',
    'uscite',
    'addebiti',
    'débits',
    'debet',
  ],
  credit: [
    'credit',
    'credits',
    'deposit',
    'deposits',
    'deposit amt',
    'deposit amount',
    'paid in',
    'money in',
    'payments in',
    'in',
    'abonos',
    'abono',
    'crédito',
    'credito',
    'créditos',
    'creditos',
    'haben',
    'crédit',
    'credit amount',
    'avere',
    'bij',
    'inkomsten',
    'additions',
    'receipts',
    'deposits/credits',
    'credit amt',
    'cr amount',
    'amount credited',
    'eingang',
    'gutschrift',
    'depósitos',
    'depositos',
    'entradas',
    'entrate',
    'accrediti',
    'crédits',
    'ingresos',
  ],
  amount: [
    'amount',
    'amounts',
    'betrag',
    'montant',
    'valor',
    'importe',
    'importo',
    'bedrag',
    'transaction amount',
    'umsatz',
    'amt',
    'montante',
    'quantia',
    'net amount',
    'betrag eur',
    'value amount',
    'monto',
  ],
  balance: [
    'balance',
    'balances',
    'saldo',
    'solde',
    'kontostand',
    'closing balance',
    'running balance',
    'ending daily balance',
    'daily balance',
    'ending balance',
    'balance amount',
    'saldo disponible',
    'saldo contable',
    'available balance',
    'ledger balance',
    'account balance',
    'book balance',
    'nuevo saldo',
    'saldo final',
    'neuer saldo',
    'solde courant',
    'saldo progressivo',
    'saldo corrente',
    'opening balance',
    'closing bal',
    'opening bal',
    'running bal',
  ],
  reference: [
    'reference',
    'ref',
    'ref no',
    'ref.no',
    'ref #',
    'reference no',
    'reference number',
    'chq no',
    'chq./ref.no',
    'chq/ref no',
    'chq./ref no',
    'cheque no',
    'cheque number',
    'check number',
    'check no',
    'check #',
    'check',
    'cheque',
    'chq',
    'referencia',
    'referência',
    'referencia',
    'référence',
    'reference',
    'riferimento',
    'referentie',
    'beleg',
    'belegnummer',
    'document',
    'doc no',
    'transaction id',
    'txn id',
    'serial no',
    'instrument id',
    'number',
    'no',
    'num',
    'nº',
    'n°',
    'check number',
  ],
  drcr: [
    'dr/cr',
    'cr/dr',
    'd/c',
    'c/d',
    's/h',
    'h/s',
    'dr / cr',
    'debit/credit',
    'type dr/cr',
    'db/cr',
    'cr/db',
    'af/bij',
    'bij/af',
    'd/h',
    'd/a',
    'af bij',
    'soll/haben',
    'haben/soll',
    'credit/debit',
    'débit/crédit',
    'crédit/débit',
  ],
  type: ['type', 'transaction type', 'tran type', 'txn type', 'code', 'art', 'tipo', 'typ'],
};

const PHRASES = new Map<string, Role>();
for (const [role, words] of Object.entries(LABELS) as [Role, string[]][]) {
  for (const w of words) if (!PHRASES.has(w)) PHRASES.set(w, role);
}
const MAX_PHRASE_WORDS = 4;

export function normaliseLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\([^)]*$/, ' ')
    .replace(/\b(eur|usd|gbp|inr|sgd|cad|aud|chf|in [a-z]{3}|(en |in )?euros?)\b/g, ' ')
    .replace(/[$€£₹:*]/g, ' ')
    .replace(/\.(?=\s|$)/g, '')
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The role of a whole label ("Withdrawals/ Subtractions" -> debit), or null. */
export function roleOfLabel(label: string): Role | null {
  const n = normaliseLabel(label);
  if (!n) return null;
  const direct = PHRASES.get(n) ?? PHRASES.get(n.replace(/\./g, ''));
  if (direct) return direct;
  if (n.includes('/')) {
    for (const part of n.split('/')) {
      const r = PHRASES.get(part.trim());
      if (r && r !== 'reference') return r;
    }
  }
  return null;
}

export interface HeaderLabel {
  role: Role | null;
  /** A known word of a column the engine does not use. */
  unused?: boolean;
  text: string;
  x0: number;
  x1: number;
}

/**
 * Splits a run into known label phrases, longest first ("Date Description" -> two labels).
 * Returns null when some word is not part of a label.
 */
export function segmentLabels(run: TextRun): HeaderLabel[] | null {
  const whole = roleOfLabel(run.text);
  if (whole) return [{ role: whole, text: run.text, x0: run.x0, x1: run.x1 }];
  const words = run.text.split(/\s+/);
  if (words.length < 2) return null;
  const perChar = (run.x1 - run.x0) / Math.max(1, run.text.length);
  const out: HeaderLabel[] = [];
  let i = 0;
  let offset = 0;
  while (i < words.length) {
    let matched = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      const role = roleOfLabel(phrase);
      if (role) {
        const x0 = run.x0 + offset * perChar;
        out.push({ role, text: phrase, x0, x1: x0 + phrase.length * perChar });
        matched = n;
        offset += phrase.length + 1;
        break;
      }
    }
    if (!matched) return null;
    i += matched;
  }
  return out;
}

const AMOUNT_ROLES: Role[] = ['amount', 'debit', 'credit', 'balance'];

export interface HeaderMatch {
  labels: HeaderLabel[];
  /** Indexes of the lines the header uses (its main line and stacked label lines). */
  lineIndexes: number[];
}

/** Column words of columns the engine does not use: they make a header as much as any label. */
const UNUSED_LABELS = new Set([
  'rekening',
  'tegenrekening',
  'mutatiesoort',
  'status',
  'category',
  'categorie',
  'catégorie',
  'categoría',
  'categoria',
  'kategorie',
  'counter account',
  'gegenkonto',
  'iban',
  'card',
  'card number',
  'karte',
  'carte',
  'tarjeta',
  'time',
  'heure',
  'hora',
  'uhrzeit',
  'tijd',
  'branch',
  'channel',
  'canal',
  'currency',
  'devise',
  'moneda',
  'währung',
  'product',
  'state',
  'fee',
  'fees',
  'exchange rate',
  'wechselkurs',
  'account number',
  'account',
  'konto',
  'kontonummer',
]);

/** Labels of one line, or null when the line is not made of header words. */
function lineLabels(line: LayoutLine): HeaderLabel[] | null {
  const out: HeaderLabel[] = [];
  let unknown = 0;
  for (const run of line.runs) {
    const seg = segmentLabels(run);
    if (seg) out.push(...seg);
    else if (UNUSED_LABELS.has(normaliseLabel(run.text)))
      out.push({ role: null, text: run.text, x0: run.x0, x1: run.x1, unused: true });
    else {
      unknown++;
      out.push({ role: null, text: run.text, x0: run.x0, x1: run.x1 });
    }
  }
  // Mostly header words: allows one stray word (e.g. a currency note) per four labels; an export's
  // header that names a date, an amount and a text column may have as many columns the engine does not know.
  const roles = new Set(out.map((l) => l.role));
  const complete =
    (roles.has('date') || roles.has('valueDate')) && roles.has('description') && AMOUNT_ROLES.some((r) => roles.has(r));
  const allowed = complete ? Math.floor(out.length / 2) : Math.max(1, Math.floor(out.length / 4));
  if (out.length - unknown < 2 || unknown > allowed) return null;
  return out;
}

function isLabelLine(line: LayoutLine): boolean {
  // Column words carry no digits: a first row without an amount ("02/03/2025 NETFLIX") is data.
  return line.runs.every((r) => r.text.length <= 30 && !/\d/.test(r.text) && r.text.split(/\s+/).length <= 3);
}

function overlaps(a: { x0: number; x1: number }, b: { x0: number; x1: number }): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;
}

/**
 * Tests whether lines[i] is the main line of a transaction-table header; stacked label
 * lines directly above and below ("Withdrawals/" over "Subtractions") are merged in.
 */
const headerCache = new WeakMap<LayoutLine, HeaderMatch | null>();

export function matchHeader(lines: LayoutLine[], i: number): HeaderMatch | null {
  const line = lines[i];
  if (!line) return null;
  const cached = headerCache.get(line);
  if (cached !== undefined) return cached;
  const match = matchHeaderUncached(lines, i, line);
  headerCache.set(line, match);
  return match;
}

function matchHeaderUncached(lines: LayoutLine[], i: number, line: LayoutLine): HeaderMatch | null {
  // Cheap reject first: header rows have at least two runs and print no figures.
  if (line.runs.length < 2 || line.runs.some((r) => /\d[\d.,/]*\d/.test(r.text))) return null;
  const base = lineLabels(line);
  if (!base) return null;
  const size = Math.max(...line.runs.map((r) => r.size));
  const used = [i];
  let labels = base.map((l) => ({ ...l }));
  const extras: HeaderLabel[] = [];
  for (const j of [i - 1, i + 1]) {
    const other = lines[j];
    if (!other || !isLabelLine(other)) continue;
    const dist = j < i ? line.y0 - other.y1 : other.y0 - line.y1;
    if (dist > size * 0.9) continue;
    // A run reaching over two column labels is a title above the table ("ACCOUNT ACTIVITY"), not a label part.
    if (other.runs.some((run) => base.filter((l) => overlaps(l, run)).length > 1)) continue;
    used.push(j);
    for (const run of other.runs) {
      const target = labels.find((l) => overlaps(l, run));
      if (target) {
        target.text = j < i ? `${run.text} ${target.text}` : `${target.text} ${run.text}`;
        target.x0 = Math.min(target.x0, run.x0);
        target.x1 = Math.max(target.x1, run.x1);
        target.role = roleOfLabel(target.text) ?? target.role;
      } else {
        const ex = extras.find((e) => overlaps(e, run));
        if (ex) {
          ex.text = j < i ? `${run.text} ${ex.text}` : `${ex.text} ${run.text}`;
          ex.x0 = Math.min(ex.x0, run.x0);
          ex.x1 = Math.max(ex.x1, run.x1);
        } else extras.push({ role: null, text: run.text, x0: run.x0, x1: run.x1 });
      }
    }
  }
  for (const ex of extras) ex.role = roleOfLabel(ex.text);
  // An unknown word of a stacked label line stays only where it can be the balance (see below).
  const moneyEnd = Math.max(...labels.filter((l) => l.role && AMOUNT_ROLES.includes(l.role)).map((l) => l.x1));
  labels = [...labels, ...extras.filter((e) => e.role || e.x0 >= moneyEnd)].sort((a, b) => a.x0 - b.x0);
  resolveDateColumns(labels);
  resolveTextColumn(labels);
  resolveAmountWords(labels);
  resolveMissingMoneySide(labels);
  resolveTrailingBalance(labels);
  // A second amount in a foreign or original currency is not the account's amount.
  for (const l of labels)
    if (l.role && AMOUNT_ROLES.includes(l.role) && FOREIGN_RE.test(l.text)) {
      l.role = null;
      l.unused = true;
    }
  const roles = labels.map((l) => l.role).filter((r): r is Role => r !== null);
  if (!roles.includes('date') && !roles.includes('valueDate')) return null;
  // A running balance moves both ways: with one of debit/credit named and the other side nowhere
  // (no label left to take it, no amount column) the header is damaged (OCR lost a label), and
  // the table is better inferred from its data.
  if (roles.includes('balance') && !roles.includes('amount') && roles.includes('debit') !== roles.includes('credit'))
    return null;
  if (!roles.some((r) => AMOUNT_ROLES.includes(r))) return null;
  if (!roles.includes('description') && roles.length < 3) return null;
  // A role printed twice means a multi-column listing (e.g. a cheque summary), not a transaction table;
  // only description columns may repeat (booking text, payee, purpose).
  const nonText = roles.filter((r) => r !== 'description');
  if (new Set(nonText).size !== nonText.length) return null;
  return { labels, lineIndexes: used.sort((a, b) => a - b) };
}

/** A line of column words that is not a transaction header ends the current table (fee tables etc.). */
export function isOtherTableHeader(line: LayoutLine, current: readonly (Role | 'other')[] = []): boolean {
  if (line.runs.length < 2 || line.runs.some((r) => /\d/.test(r.text))) return false;
  const labels = line.runs.flatMap(
    (run) => segmentLabels(run) ?? [{ role: null, text: run.text, x0: run.x0, x1: run.x1 }],
  );
  const known = labels.filter((l): l is HeaderLabel & { role: Role } => l.role !== null);
  if (known.length < 2 || known.length < labels.length - known.length) return false;
  // A damaged repeat of the current table's header (OCR) names only columns it already has.
  return !(known.length === labels.length && known.every((l) => current.includes(l.role)));
}

/**
 * A header whose description word is not one the engine knows ("Descritivo", "Buchungsinfo"):
 * the first unknown label between the dates and the amounts names the text column.
 */
function resolveTextColumn(labels: HeaderLabel[]): void {
  // Only beside at least three known columns: "Date | Rate | Amount" is no transaction table.
  if (labels.some((l) => l.role === 'description' || l.role === 'type') || labels.filter((l) => l.role).length < 3)
    return;
  const dateEnd = Math.max(...labels.filter((l) => l.role === 'date' || l.role === 'valueDate').map((l) => l.x1));
  const moneyStart = Math.min(...labels.filter((l) => l.role && AMOUNT_ROLES.includes(l.role)).map((l) => l.x0));
  const text = labels.find((l) => l.role === null && !l.unused && l.x0 >= dateEnd && l.x1 <= moneyStart);
  if (text) text.role = 'description';
}

const FOREIGN_RE = /\b(foreign|original|orig|local|fremdwährung|devise|divisa|moeda estrangeira)\b/i;

const POSTING_RE = /post|book|buchung|contab|comptab|lanç|lanc|registr|boek/i;

/**
 * Card statements print two dates ("Trans Date", "Post Date"): the posting date is the
 * transaction's date (SCHEMA.md); the other is kept out like a value date.
 */
function resolveDateColumns(labels: HeaderLabel[]): void {
  const dates = labels.filter((l) => l.role === 'date');
  if (dates.length < 2) return;
  const posting = dates.find((l) => POSTING_RE.test(l.text)) ?? dates[0];
  for (const l of dates) if (l !== posting) l.role = 'valueDate';
}

/** Words that name a text column in some layouts and the amount column in others. */
const TEXT_OR_AMOUNT = new Set(['umsatz']);

/** Such a word names the amount where the header has no other column for the amount. */
function resolveAmountWords(labels: HeaderLabel[]): void {
  if (labels.some((l) => l.role === 'amount' || l.role === 'debit' || l.role === 'credit')) return;
  const word = labels.find((l) => l.role === 'description' && TEXT_OR_AMOUNT.has(normaliseLabel(l.text)));
  if (word) word.role = 'amount';
}

/**
 * A header with a credit column but no debit column (or the other way round), where the label
 * right beside it is unreadable (an OCR'd "Withdrawal Amt." that came out as "oe"): that label
 * is the missing side. Only right of the date and text columns, and only with no amount column.
 */
function resolveMissingMoneySide(labels: HeaderLabel[]): void {
  const has = (r: Role) => labels.some((l) => l.role === r);
  if (has('amount') || has('debit') === has('credit')) return;
  const known = has('debit') ? 'debit' : 'credit';
  const textEnd = Math.max(
    ...labels.filter((l) => l.role === 'date' || l.role === 'valueDate' || l.role === 'description').map((l) => l.x1),
  );
  const sorted = [...labels].sort((a, b) => a.x0 - b.x0);
  const at = sorted.findIndex((l) => l.role === known);
  for (const n of [at - 1, at + 1]) {
    const l = sorted[n];
    if (l && l.role === null && !l.unused && l.x0 >= textEnd) {
      l.role = known === 'debit' ? 'credit' : 'debit';
      return;
    }
  }
}

/**
 * An unreadable label right of every money column, in a header with money columns but no
 * balance column, is the running balance, which statements print last ("Ending daily balance"
 * of which OCR kept "Ending").
 */
function resolveTrailingBalance(labels: HeaderLabel[]): void {
  const money = labels.filter((l) => l.role && AMOUNT_ROLES.includes(l.role));
  if (!money.length || labels.some((l) => l.role === 'balance')) return;
  const moneyEnd = Math.max(...money.map((l) => l.x1));
  const after = labels.filter((l) => l.x0 >= moneyEnd);
  const [last] = after;
  if (after.length === 1 && last && last.role === null && !last.unused) last.role = 'balance';
}

// Dr/Cr, Soll/Haben (S/H), Debe/Haber (D/H), Dare/Avere (D/A), Af/Bij, and the words written out.
const DEBIT_WORDS = new Set(['dr', 'd', 's', 'db', 'af', 'debit', 'debet', 'soll', 'débit', 'débito', 'debito']);
const CREDIT_WORDS = new Set(['cr', 'c', 'h', 'a', 'bij', 'credit', 'haben', 'crédit', 'crédito', 'credito']);

/** The sign a Dr/Cr (or transaction type) cell states by itself ("DR", "S", "Debit", "Bij"), else null. */
export function signWord(text: string): 'debit' | 'credit' | null {
  const w = text.trim().toLowerCase().replace(/\.$/, '');
  if (DEBIT_WORDS.has(w)) return 'debit';
  if (CREDIT_WORDS.has(w)) return 'credit';
  return null;
}

/** The sign a section heading gives the unsigned amounts under it (see sections.ts). */
export type Direction = 1 | -1;

// "Payments" is left out: on a card account payments are credits, on a bank account debits.
const CREDIT_RE =
  /\b(deposits?|additions?|credits?|receipts?|incoming|money in|paid in|interest (paid|earned|credited)|dividends?|refunds?|einzahlungen|gutschriften|eingänge|versements|crédits|credits|dépôts|ingresos|abonos|depósitos|depositos|entradas|créditos|creditos|accrediti|entrate|versamenti|bijschrijvingen|ontvangsten)\b/i;
const DEBIT_RE =
  /\b(withdrawals?|subtractions?|debits?|checks?|cheques?|purchases?|fees?|charges?|atm|debit card|outgoing|money out|paid out|auszahlungen|lastschriften|belastungen|abbuchungen|ausgänge|retraits|débits|prélèvements|prelevements|frais|cargos|retiros|comisiones|débitos|debitos|saques|tarifas|addebiti|uscite|prelievi|commissioni|afschrijvingen|kosten)\b/i;

/** The direction a heading names, or null (no direction word, or words of both kinds). */
export function headingDirection(text: string): Direction | null {
  const t = text.trim();
  // Headings are short labels, not sentences or value lines.
  if (!t || t.split(/\s+/).length > 8 || /\d[.,]\d\d\b/.test(t)) return null;
  const credit = CREDIT_RE.test(t);
  const debit = DEBIT_RE.test(t);
  if (credit === debit) return null;
  return credit ? 1 : -1;
}
