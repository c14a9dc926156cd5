/**
 * Language choice: pages are read with English first (fast); when the words read are in another
 * language the engine has models for, the page is read again with that language added (its
 * letters: ł, ş, ø, ß, é...), and the rest of the document starts with it. The language is told by
 * franc's character-trigram profiles (from the Universal Declaration of Human Rights in each
 * language), which hold on English-model text too: a letter it lacks costs one trigram, not the
 * word.
 */
import { francAll } from 'franc';
import { languageScores } from '../extract/vocabulary';
import { OCR_LANGUAGES, type OcrLanguage, type OcrWord } from './backend';

/** Fewer letters than this say nothing reliable about the language. */
const MIN_LETTERS = 200;

/** The extra language the words suggest, if any (words OCR read, or a PDF's text layer). */
export function suggestLanguage(words: Pick<OcrWord, 'text' | 'line'>[]): Exclude<OcrLanguage, 'eng'> | null {
  // Words of letters only: amounts, dates, references and codes carry no language.
  const text = words
    .map((w) => w.text)
    .filter((t) => /^\p{L}{2,}[.,:;]?$/u.test(t))
    .join(' ');
  if (text.replace(/[^\p{L}]/gu, '').length < MIN_LETTERS) return null;
  const scores = francAll(text, { only: [...OCR_LANGUAGES], minLength: MIN_LETTERS });
  let lang = scores[0]?.[0] as OcrLanguage | 'und' | undefined;
  if (!lang || lang === 'und' || lang === 'eng') return null;
  // Languages whose trigrams score nearly alike (a statement's text is names of merchants and
  // towns more than sentences: Swedish read as Indonesian) are told apart by the statement words
  // of each the lines print ('Kontoutdrag', 'Nytt saldo', 'Bokfört').
  const close = scores.filter(([l, v]) => l !== 'eng' && v >= CLOSE_MARGIN).map(([l]) => l as OcrLanguage);
  if (close.length > 1) {
    const vocabulary = languageScores(lineTexts(words));
    const score = (l: OcrLanguage) => vocabulary.get(ISO_639_1[l]) ?? 0;
    const best = close.reduce((a, b) => (score(b) > score(a) ? b : a), lang);
    if (score(best) > score(lang)) lang = best;
  }
  // English names and merchants fill statements of every language; a page whose text is nearly
  // as English as anything else stays English (scores are relative to the best, 1).
  const english = scores.find(([l]) => l === 'eng')?.[1] ?? 0;
  return english < ENGLISH_MARGIN ? (lang as Exclude<OcrLanguage, 'eng'>) : null;
}

/** franc's score of English, relative to the best language, below which the page is not English. */
const ENGLISH_MARGIN = 0.995;

/** franc's score, relative to the best language, from which a language is as likely as the best. */
const CLOSE_MARGIN = 0.99;

const ISO_639_1: Record<OcrLanguage, string> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  por: 'pt',
  ita: 'it',
  nld: 'nl',
  pol: 'pl',
  swe: 'sv',
  dan: 'da',
  tur: 'tr',
  ind: 'id',
};

/** The words' texts a line at a time (OCR's line ids; a word alone where it has none). */
function lineTexts(words: Pick<OcrWord, 'text' | 'line'>[]): string[] {
  const out: string[] = [];
  let last: number | undefined;
  for (const w of words) {
    if (w.line !== undefined && w.line === last && out.length) out[out.length - 1] += ` ${w.text}`;
    else out.push(w.text);
    last = w.line;
  }
  return out;
}
