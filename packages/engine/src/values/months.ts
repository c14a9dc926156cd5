/**
 * Month names from CLDR, through Node's Intl, for every language Node ships: full names and
 * abbreviations, in format and stand-alone forms, with and without the trailing dot, with and
 * without diacritics, and cut after any letter from the third on (statements print "SEPT", "Févr.",
 * "juill.", "MRZ", "OCA"). No hand-written lists: a name's meaning is whatever CLDR says it is.
 *
 * A name can mean different months in different languages ("lis" is October in Croatian and
 * November in Czech and Polish), so a lookup answers every reading; `MonthVote` lets a document
 * settle on the language its month names agree on.
 */
import { type MonthEntries, prebuiltIntlTables } from './intl-tables';

/**
 * ISO 639-1 codes; Intl keeps those it has data for. Languages written in Latin script are read
 * at once; the others only when a document shows letters of another script (building them costs
 * about 0.1 s).
 */
const LATIN_LANGUAGES =
  'af az bs ca cs cy da de en es et eu fi fil fr ga gl hr hu id is it lt lv ms nb nl no pl pt ro sk sl sq sv sw tr uz vi zu'.split(
    ' ',
  );
const OTHER_LANGUAGES =
  'am ar as be bg bn el fa gu he hi hy ja ka kk km kn ko ky lo mk ml mn mr my ne or pa ps ru si sr ta te th uk ur zh'.split(
    ' ',
  );

export interface MonthReading {
  month: number;
  /** Languages in which the name means this month. */
  languages: ReadonlySet<string>;
}

/** Lower case, without diacritics and without a trailing dot. */
export function monthKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '').replace(/ı/g, 'i');
}

type Names = Map<string, Map<number, Set<string>>>;
const NAMES: Names = new Map();

function add(name: string, month: number, language: string, into: Names): void {
  const key = monthKey(name.trim());
  // A name must have letters; digits-only forms ("1月") are numeric dates.
  if (!/\p{L}/u.test(key) || /\d/.test(key) || key.length < 2) return;
  addKey(key, month, language, into);
}

function addKey(key: string, month: number, language: string, into: Names): void {
  let byMonth = into.get(key);
  if (!byMonth) {
    byMonth = new Map();
    into.set(key, byMonth);
  }
  let langs = byMonth.get(month);
  if (!langs) {
    langs = new Set();
    byMonth.set(month, langs);
  }
  langs.add(language);
}

const VOWELS = /[aeiouyæøåäöü]/g;

function build(languages: string[], into: Names): void {
  const supported = Intl.DateTimeFormat.supportedLocalesOf(languages);
  const dates = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2024, m, 15)));
  for (const language of supported) {
    for (const width of ['long', 'short'] as const) {
      // One formatter per language and width (constructing them is what costs).
      const alone = new Intl.DateTimeFormat(language, { month: width, timeZone: 'UTC' });
      // The format form is the month as it appears inside a date ("15. März", "15 de jan.").
      const inDate = new Intl.DateTimeFormat(language, { day: 'numeric', month: width, timeZone: 'UTC' });
      dates.forEach((date, m) => {
        const names = [
          alone.format(date),
          ...inDate.formatToParts(date).flatMap((p) => (p.type === 'month' ? [p.value] : [])),
        ];
        for (const name of names) {
          add(name, m + 1, language, into);
          const letters = monthKey(name);
          if (!/^\p{L}+$/u.test(letters)) continue;
          // Statements cut names after any letter from the third on ("SEP", "Sept", "Févr", "juill.").
          for (let k = 3; k < letters.length; k++) add(letters.slice(0, k), m + 1, language, into);
          // ... or to their first consonants ("MRZ" for März, "MRT" for maart).
          const skeleton = letters.slice(1).replace(VOWELS, '');
          if (width === 'long' && skeleton.length >= 2) add(letters[0] + skeleton.slice(0, 2), m + 1, language, into);
        }
      });
    }
  }
}

/**
 * The table as entries, in insertion order (intl-tables.ts): restoring them one by one into a
 * table that holds a prefix of them (the Latin languages' names) gives the table built in full.
 */
function entries(names: Names): MonthEntries {
  return [...names].map(([key, byMonth]) => [key, [...byMonth].map(([month, langs]) => [month, [...langs]])]);
}

function restore(from: MonthEntries, into: Names): void {
  for (const [key, months] of from)
    for (const [month, langs] of months) for (const l of langs) addKey(key, month, l, into);
}

/** The month tables as the bundle carries them prebuilt (intl-tables.ts). */
export function monthTables(): { monthsLatin: MonthEntries; monthsAll: MonthEntries } {
  const names: Names = new Map();
  build(LATIN_LANGUAGES, names);
  const monthsLatin = entries(names);
  build(OTHER_LANGUAGES, names);
  return { monthsLatin, monthsAll: entries(names) };
}

if (prebuiltIntlTables) restore(prebuiltIntlTables.monthsLatin, NAMES);
else build(LATIN_LANGUAGES, NAMES);
let othersBuilt = false;

/** Every month a name can mean, with the languages that mean it; empty when it is no month name. */
export function monthReadings(name: string): MonthReading[] {
  const key = monthKey(name);
  if (!othersBuilt && /[^\p{Script=Latin}]/u.test(key)) {
    othersBuilt = true;
    if (prebuiltIntlTables) restore(prebuiltIntlTables.monthsAll, NAMES);
    else build(OTHER_LANGUAGES, NAMES);
  }
  const byMonth = NAMES.get(key);
  if (!byMonth) return [];
  return [...byMonth.entries()].map(([month, languages]) => ({ month, languages }));
}

/** The month a name means when all languages agree, else null (see `MonthVote` for a document's choice). */
export function monthFromName(name: string): number | null {
  const readings = monthReadings(name);
  return readings.length === 1 ? (readings[0] as MonthReading).month : null;
}

/** The month a name means in these languages when they agree, else null (OCR repairs read only the OCR's languages). */
export function monthIn(name: string, languages: readonly string[]): number | null {
  const months = new Set(
    monthReadings(name)
      .filter((r) => languages.some((l) => r.languages.has(l)))
      .map((r) => r.month),
  );
  return months.size === 1 ? ([...months][0] as number) : null;
}

/** The month most languages read a name as (for repairs that need one answer), or null. */
export function likelyMonth(name: string): number | null {
  const readings = monthReadings(name);
  if (!readings.length) return null;
  return [...readings].sort((a, b) => b.languages.size - a.languages.size)[0]?.month ?? null;
}

export function isMonthName(name: string): boolean {
  return monthReadings(name).length > 0;
}

/**
 * A document's month names vote for the languages they belong to; an ambiguous name then takes
 * the reading of the language with the most votes (ties: the reading most languages share).
 */
export class MonthVote {
  private readonly votes = new Map<string, number>();

  add(name: string): void {
    const langs = new Set<string>();
    for (const r of monthReadings(name)) for (const l of r.languages) langs.add(l);
    for (const l of langs) this.votes.set(l, (this.votes.get(l) ?? 0) + 1);
  }

  resolve(name: string): number | null {
    const readings = monthReadings(name);
    if (readings.length <= 1) return readings[0]?.month ?? null;
    let best: MonthReading | null = null;
    let bestScore = -1;
    for (const r of readings) {
      const score = Math.max(0, ...[...r.languages].map((l) => this.votes.get(l) ?? 0)) * 1000 + r.languages.size;
      if (score > bestScore) {
        best = r;
        bestScore = score;
      }
    }
    return best?.month ?? null;
  }
}
