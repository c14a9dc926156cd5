/**
 * Language choice: pages are read with English first (fast); when the words read are in another
 * language the engine has models for, the page is read again with that language added (its
 * letters: ł, ş, ø, ß, é...), and the rest of the document starts with it. The language is told by
 * franc's character-trigram profiles (from the Universal Declaration of Human Rights in each
 * language), which hold on English-model text too: a letter it lacks costs one trigram, not the
 * word.
 */
import { francAll } from 'franc';
import { OCR_LANGUAGES, type OcrLanguage, type OcrWord } from './backend';

/** Fewer letters than this say nothing reliable about the language. */
const MIN_LETTERS = 200;

/** The extra language the words suggest, if any (words OCR read, or a PDF's text layer). */
export function suggestLanguage(words: Pick<OcrWord, 'text'>[]): Exclude<OcrLanguage, 'eng'> | null {
  // Words of letters only: amounts, dates, references and codes carry no language.
  const text = words
    .map((w) => w.text)
    .filter((t) => /^\p{L}{2,}[.,:;]?$/u.test(t))
    .join(' ');
  if (text.replace(/[^\p{L}]/gu, '').length < MIN_LETTERS) return null;
  const scores = francAll(text, { only: [...OCR_LANGUAGES], minLength: MIN_LETTERS });
  const lang = scores[0]?.[0] as OcrLanguage | 'und' | undefined;
  if (!lang || lang === 'und' || lang === 'eng') return null;
  // English names and merchants fill statements of every language; a page whose text is nearly
  // as English as anything else stays English (scores are relative to the best, 1).
  const english = scores.find(([l]) => l === 'eng')?.[1] ?? 0;
  return english < ENGLISH_MARGIN ? lang : null;
}

/** franc's score of English, relative to the best language, below which the page is not English. */
const ENGLISH_MARGIN = 0.995;
