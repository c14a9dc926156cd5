/**
 * The vocabulary of every language, compiled once into matchers. Matching ignores case,
 * diacritics, punctuation at the ends and a plural -s/-es.
 */
import { leadingDate } from '../../values/dates';
import { da } from './da';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { id } from './id';
import { it } from './it';
import { nl } from './nl';
import { PhraseExpression, type PhraseFinder, PhraseMatcher } from './phrase-matcher';
import { pl } from './pl';
import { pt } from './pt';
import { sv } from './sv';
import { tr } from './tr';
import type { Vocabulary } from './types';

export type { Vocabulary } from './types';

export const VOCABULARIES: readonly Vocabulary[] = [en, de, fr, es, pt, it, nl, pl, sv, da, tr, id];

/**
 * Texts normalised so far: the same labels and lines are asked about again and again (a header
 * run's every sub-phrase, each line for each fact), and NFD with six replacements is dear (~260 ms
 * of the 100-page statement's CPU). Emptied when it grows past NORMALISED_CACHE_SIZE.
 */
const normalised = new Map<string, string>();
const NORMALISED_CACHE_SIZE = 50_000;

/** Lower case, no diacritics, single spaces, no punctuation at either end. */
export function normaliseWords(text: string): string {
  let norm = normalised.get(text);
  if (norm === undefined) {
    norm = normalise(text);
    if (normalised.size >= NORMALISED_CACHE_SIZE) normalised.clear();
    normalised.set(text, norm);
  }
  return norm;
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^[\s:;,.*#()[\]·•|-]+|[\s:;,.*()[\]·•|]+$/g, '')
    .trim();
}

/**
 * One regular expression for a list of phrases, longest first; `anchored` matches only at the
 * start; `compound` also matches a phrase ending a compound word ("Kontoutdragsperiod"). One
 * phrase is matched without building the expression (see phrase-matcher.ts), as it would match.
 */
function matcher(phrases: Iterable<string>, anchored: boolean, compound = false): PhraseFinder {
  const list = [...new Set([...phrases].map((p) => normaliseWords(p)).filter(Boolean))]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => normaliseWords(phrase).split(' ').filter(Boolean));
  const start = anchored ? 'anchored' : compound ? 'compound' : 'word';
  return list.length === 1 ? new PhraseMatcher(list, start) : new PhraseExpression(list, start);
}

export type ColumnWord = keyof Vocabulary['columns'];
const COLUMN_WORDS: ColumnWord[] = [
  'date',
  'postingDate',
  'transactionDate',
  'valueDate',
  'description',
  'debit',
  'credit',
  'amount',
  'balance',
  'reference',
  'sign',
  'unused',
];

interface PhraseIndex {
  /** Normalised phrase -> (role -> languages). */
  phrases: Map<string, Map<ColumnWord, Set<string>>>;
}

const columnIndex: PhraseIndex = { phrases: new Map() };
for (const v of VOCABULARIES) {
  for (const role of COLUMN_WORDS) {
    for (const p of v.columns[role]) {
      const key = normaliseWords(p);
      let roles = columnIndex.phrases.get(key);
      if (!roles) {
        roles = new Map();
        columnIndex.phrases.set(key, roles);
      }
      let langs = roles.get(role);
      if (!langs) {
        langs = new Set();
        roles.set(role, langs);
      }
      langs.add(v.language);
    }
  }
}
const columnPhrases = [...columnIndex.phrases.keys()].sort((a, b) => b.length - a.length);
// Built on first use: only the few phrases whose first letters occur in some label are ever tested.
const columnPhraseRes = new Map<string, PhraseFinder>();
const columnPhraseRe = (phrase: string): PhraseFinder => {
  let re = columnPhraseRes.get(phrase);
  if (!re) {
    re = matcher([phrase], false);
    columnPhraseRes.set(phrase, re);
  }
  return re;
};

export interface LabelReading {
  role: ColumnWord;
  /** Characters of the label the matched phrase covers (longer = more specific). */
  weight: number;
  phrase: string;
  /** Languages in which the phrase names this role. */
  languages: ReadonlySet<string>;
}

/** Readings of label texts seen; emptied when it grows past LABEL_CACHE_SIZE (a server reads many documents). */
const labelCache = new Map<string, LabelReading[]>();
const LABEL_CACHE_SIZE = 20_000;

// Phrases by their first three characters (shorter phrases whole): a label is tested only against
// phrases whose start occurs in it, not all of the vocabulary's (labels are read for every line).
const phrasesByStart = new Map<string, number[]>();
columnPhrases.forEach((phrase, i) => {
  const key = phrase.slice(0, 3);
  const list = phrasesByStart.get(key);
  if (list) list.push(i);
  else phrasesByStart.set(key, [i]);
});
const startLengths = [...new Set(columnPhrases.map((p) => Math.min(3, p.length)))];

/** Indexes (in columnPhrases' order, longest first) of the phrases whose start occurs in a text. */
function candidatePhrases(norm: string): number[] {
  const found = new Set<number>();
  for (const n of startLengths)
    for (let at = 0; at + n <= norm.length; at++)
      for (const i of phrasesByStart.get(norm.slice(at, at + n)) ?? []) found.add(i);
  return [...found].sort((a, b) => a - b);
}

/**
 * What a column label may name: every role whose phrase occurs in it, the most specific (longest
 * phrase) first. "Value Date" names a value date before a date; "Accrued Bank Charges" a column
 * the engine does not use; an unknown word names nothing (geometry and reconciliation decide).
 */
/** Whether a text is exactly a known column label phrase (not merely containing one). */
export function isLabelPhrase(text: string): boolean {
  const r = labelReadings(text)[0];
  return r !== undefined && normaliseWords(text) === r.phrase;
}

/**
 * A run of header words divided into known label phrases ("TRANSACTION AMOUNT CLOSING BALANCE
 * SERVICE FEE": labels a reader joined), the words no phrase covers kept together as parts of
 * their own. Null unless it holds two known phrases or more.
 */
export function labelPhrases(text: string): string[] | null {
  const words = text.split(/\s+/).filter(Boolean);
  type Way = { unknown: number; parts: { text: string; known: boolean }[] };
  const best: (Way | null)[] = [{ unknown: 0, parts: [] }];
  // Fewest parts, each word no phrase covers counting half a part ('SERVICE FEE' stays one part
  // beside 'FEE' as a phrase); on a tie, the fewest such words.
  const cost = (w: Way) => w.parts.length + w.unknown / 2;
  const better = (a: Way, b: Way | null) => !b || cost(a) < cost(b) || (cost(a) === cost(b) && a.unknown < b.unknown);
  for (let end = 1; end <= words.length; end++) {
    let found: Way | null = null;
    for (let start = 0; start < end; start++) {
      const before = best[start] as Way;
      const phrase = words.slice(start, end).join(' ');
      if (!isLabelPhrase(phrase)) continue;
      const way = { unknown: before.unknown, parts: [...before.parts, { text: phrase, known: true }] };
      if (better(way, found)) found = way;
    }
    // Or the last word is no phrase's: it joins the unknown part before it, or starts one.
    const before = best[end - 1] as Way;
    const last = before.parts[before.parts.length - 1];
    const word = words[end - 1] as string;
    const parts =
      last && !last.known
        ? [...before.parts.slice(0, -1), { text: `${last.text} ${word}`, known: false }]
        : [...before.parts, { text: word, known: false }];
    const way = { unknown: before.unknown + 1, parts };
    if (better(way, found)) found = way;
    best[end] = found;
  }
  const way = best[words.length] as Way;
  return way.parts.filter((p) => p.known).length >= 2 ? way.parts.map((p) => p.text) : null;
}

export function labelReadings(label: string): LabelReading[] {
  const norm = normaliseWords(label.replace(/\([^)]*\)/g, ' '));
  const cached = labelCache.get(norm);
  if (cached) return cached;
  const out: LabelReading[] = [];
  if (norm) {
    for (const i of candidatePhrases(norm)) {
      const phrase = columnPhrases[i] as string;
      if (phrase.length > norm.length + 3) continue;
      if (!columnPhraseRe(phrase).test(norm)) continue;
      for (const [role, languages] of columnIndex.phrases.get(phrase) as Map<ColumnWord, Set<string>>) {
        if (!out.some((r) => r.role === role)) out.push({ role, weight: phrase.length, phrase, languages });
      }
    }
  }
  // Turkish compounds end in their head word, with a possessive suffix ("İşlem Kanalı", the
  // transaction's channel; "İşlem Türü"): a head the engine does not use names the whole label,
  // before the word naming whose it is ("işlem" alone is a description).
  const head = possessiveHead(norm);
  const unused = head ? columnIndex.phrases.get(head)?.get('unused') : undefined;
  if (head && unused?.has('tr')) {
    const reading = { role: 'unused' as const, weight: norm.length - 0.5, phrase: head, languages: unused };
    const known = out.findIndex((r) => r.role === 'unused');
    if (known < 0) out.push(reading);
    else if ((out[known] as LabelReading).weight < reading.weight) out[known] = reading;
  }
  out.sort((a, b) => b.weight - a.weight);
  if (labelCache.size >= LABEL_CACHE_SIZE) labelCache.clear();
  labelCache.set(norm, out);
  return out;
}

/** The last word of a two-word-or-longer label without a Turkish possessive suffix (-ı, -i, -u, -ü, -sı ...). */
function possessiveHead(norm: string): string | null {
  const words = norm.split(' ');
  if (words.length < 2) return null;
  const m = /^(\p{L}{3,}?)s?[iu]$/u.exec(words[words.length - 1] as string);
  return m ? (m[1] as string) : null;
}

/**
 * Readings ordered for a document: the most specific phrase first; between readings of the same
 * phrase, the one in the document's languages ("Rubrik" is a category in German, a heading in Swedish).
 */
export function rankReadings(readings: LabelReading[], languages: Map<string, number>): LabelReading[] {
  const lang = (r: LabelReading) => Math.max(0, ...[...r.languages].map((l) => languages.get(l) ?? 0));
  return [...readings].sort((a, b) => b.weight - a.weight || lang(b) - lang(a));
}

/** Whether two readings come from separate parts of a label ("Concepto / Referencia"), not one phrase within another. */
export function separatePhrases(a: LabelReading, b: LabelReading): boolean {
  return !a.phrase.includes(b.phrase) && !b.phrase.includes(a.phrase);
}

/** The role a label names most specifically, or null. */
export function labelRole(label: string): ColumnWord | null {
  return labelReadings(label)[0]?.role ?? null;
}

export type RowLabel = 'opening' | 'closing' | 'total';

const rowMatchers: [RowLabel, PhraseFinder][] = (['opening', 'closing', 'total'] as const).map((k) => [
  k,
  matcher(
    VOCABULARIES.flatMap((v) => v.rows[k]),
    true,
  ),
]);

/** What rowLabels answered for each text so far (rows repeat: "Card payment", "Balance forward"). */
const rowLabelCache = new Map<string, RowLabel[]>();

/**
 * What a row's text says it is, when it starts with a balance or total label ("Balance brought
 * forward", "Saldo Vortrag", "Total"), after the date it is for if one leads. A label may name both an opening and a closing ("Saldo al
 * 31/03"): both are returned, and the row's position decides.
 */
export function rowLabels(text: string): RowLabel[] {
  let labels = rowLabelCache.get(text);
  if (!labels) {
    labels = readRowLabels(text);
    if (rowLabelCache.size >= LABEL_CACHE_SIZE) rowLabelCache.clear();
    rowLabelCache.set(text, labels);
  }
  // A copy: the caller's row may add to its labels.
  return [...labels];
}

function readRowLabels(text: string): RowLabel[] {
  // The label may follow the date it is for ("1 Şub 2025 Tarihli Bakiye", "31/01 Balance").
  const dated = leadingDate(text);
  // ... or a reference tag printed before it ("Réf : 009 SOLDE CREDITEUR AU 03/10/2012").
  const rest = (dated?.rest || text).replace(/^\p{L}{2,5}\.?\s*:\s*[\p{L}\d-]*\d[\p{L}\d-]*\s+(?=\p{L})/u, '');
  const norm = normaliseWords(rest);
  if (!norm) return [];
  return rowMatchers.filter(([, re]) => re.test(norm)).map(([k]) => k);
}

export type SignSide = 'debit' | 'credit';

const signIndex = new Map<string, Map<SignSide, Set<string>>>();
for (const v of VOCABULARIES) {
  for (const side of ['debit', 'credit'] as const) {
    for (const w of v.signs[side]) {
      const key = normaliseWords(w) || w;
      let sides = signIndex.get(key);
      if (!sides) {
        sides = new Map();
        signIndex.set(key, sides);
      }
      let langs = sides.get(side);
      if (!langs) {
        langs = new Set();
        sides.set(side, langs);
      }
      langs.add(v.language);
    }
  }
}

/**
 * What a sign word or letter says ("DR", "S", "Bij", "Borç"), per side, with the number of
 * languages that read it so: "C" is a credit in English and a charge (cargo) in Spanish, so a
 * column's letters are read together (see the table's sign column).
 */
export function signReadings(text: string): { debit: number; credit: number } | null {
  const key = normaliseWords(text.replace(/\.$/, '')) || text.trim();
  const sides = signIndex.get(key);
  if (!sides) return null;
  return { debit: sides.get('debit')?.size ?? 0, credit: sides.get('credit')?.size ?? 0 };
}

/** Whether a text is a sign word or letter of any language. */
export function isSignWord(text: string): boolean {
  return signReadings(text) !== null;
}

type FactKey = keyof Vocabulary['facts'];
const factMatchers = new Map<FactKey, PhraseFinder>();
const factKeys: FactKey[] = [
  'period',
  'rangeJoin',
  'rangeFrom',
  'statementDate',
  'account',
  'holder',
  'card',
  'overdrawn',
  'currency',
];
for (const k of factKeys)
  factMatchers.set(
    k,
    matcher(
      VOCABULARIES.flatMap((v) => v.facts[k]),
      false,
      // Germanic languages build period labels as compounds ("Abrechnungszeitraum", "Kontoutdragsperiod").
      k === 'period',
    ),
  );

/** Whether a text contains a fact label of any language ("Statement period", "Kontoinhaber"). */
export function hasFactWord(text: string, key: FactKey): boolean {
  return (factMatchers.get(key) as PhraseFinder).test(normaliseWords(text));
}

/** The distinct fact phrases of a kind that the texts name (normalised). */
export function factPhrases(texts: Iterable<string>, key: FactKey): Set<string> {
  const phrases = factMatchers.get(key) as PhraseFinder;
  const out = new Set<string>();
  for (const t of texts) {
    const norm = normaliseWords(t);
    for (const m of phrases.all(norm)) out.add(norm.slice(m.index, m.end).trim());
  }
  return out;
}

/** Where a fact label ends in a text (for reading the value after it), or -1. */
export function factWordEnd(text: string, key: FactKey): number {
  const norm = normaliseWords(text);
  const m = (factMatchers.get(key) as PhraseFinder).exec(norm);
  return m ? m.end : -1;
}

/** Whether a text starts with a fact label ("Name: Jane", not "your name and account number"). */
export function startsWithFactWord(text: string, key: FactKey): boolean {
  const m = (factMatchers.get(key) as PhraseFinder).exec(normaliseWords(text));
  return m !== null && m.index === 0;
}

/** Where each fact label in a text ends, left to right ("Savings Account · A/C No. 123": two). */
export function factWordEnds(text: string, key: FactKey): number[] {
  return (factMatchers.get(key) as PhraseFinder).all(normaliseWords(text)).map((m) => m.end);
}

/** Range words of every language, for period parsing ("to", "bis", "au", "t/m", "s/d"). */
export const RANGE_JOIN_WORDS: ReadonlySet<string> = new Set(
  VOCABULARIES.flatMap((v) => v.facts.rangeJoin.map((w) => normaliseWords(w) || w)),
);
export const RANGE_FROM_WORDS: ReadonlySet<string> = new Set(
  VOCABULARIES.flatMap((v) => v.facts.rangeFrom.map((w) => normaliseWords(w) || w)),
);

const notStatementMatcher = matcher(
  VOCABULARIES.flatMap((v) => v.notStatement),
  false,
);

/** Whether a text holds a word of invoices, receipts and quotes. */
export function hasNotStatementWord(text: string): boolean {
  return notStatementMatcher.test(normaliseWords(text));
}

/**
 * Which languages a document's words belong to: the count of column, row and fact phrases of each
 * language found in its texts (header lines and labels), best first.
 */
export function languageScores(texts: Iterable<string>): Map<string, number> {
  const scores = new Map<string, number>();
  for (const text of texts) {
    for (const r of labelReadings(text)) {
      const langs = columnIndex.phrases.get(r.phrase)?.get(r.role);
      if (!langs || langs.size > 4) continue;
      for (const l of langs) scores.set(l, (scores.get(l) ?? 0) + 1 / langs.size);
    }
  }
  return scores;
}

const creditHeading = matcher(
  VOCABULARIES.flatMap((v) => v.sections.credit),
  false,
);
const debitHeading = matcher(
  VOCABULARIES.flatMap((v) => v.sections.debit),
  false,
);

/**
 * The sign a section heading gives the unsigned amounts under it: 1 for credits ("Deposits and
 * additions"), -1 for debits ("Checks paid"), null for none or both, or for text that is no
 * heading (long, or with an amount).
 */
export function headingDirection(text: string): 1 | -1 | null {
  const t = text.trim();
  if (!t || t.split(/\s+/).length > 8 || /\d[.,]\d\d\b/.test(t)) return null;
  const norm = normaliseWords(t);
  const credit = creditHeading.test(norm);
  const debit = debitHeading.test(norm);
  if (credit === debit) return null;
  return credit ? 1 : -1;
}
