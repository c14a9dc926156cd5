/**
 * Is a page's text layer readable? A font with a broken encoding (a ToUnicode map that names the
 * wrong characters, glyph codes of a subset font without one) draws the right glyphs while its
 * text says something else: letters shifted (`mostbank` for `Postbank`), private-use or control
 * characters. Such a page is read by OCR instead; a page with a usable text layer never is.
 *
 * The evidence is statistics of characters and of the shapes of words, never a list of words:
 * - characters no text is made of (control, private-use, unassigned, U+FFFD);
 * - words that change case where no script does: a lower-case letter followed by a capital that
 *   does not start a new lower-case part (`hontoauszugW`, `EptfcTF`; `PayPal` and `eBay` are
 *   fine). An encoding that maps some letters, digits and punctuation onto other letters leaves
 *   the lower-case letters' frequencies intact but makes such words of a good share of the page's
 *   distinct words; real text has a few (`GmbH`, `VVaG`, `PayID`: at most 3, 2 % of a page's
 *   distinct words on the bench corpora), counted once however often they repeat;
 * - how the letters are distributed: text in a language written in Latin letters has that
 *   language's letter frequencies (e common, q rare), and a shifted alphabet moves them onto other
 *   letters. The page's letters are scored against the letter frequencies of the languages the
 *   engine reads (published letter counts) as bits per letter in the best-fitting language;
 * - the share of vowels among the letters (0.30 to 0.46 on every statement page measured).
 * Letters are counted once per distinct run of letters (a word, or a code's letters), without placeholders of one repeated letter
 * (`xxxxxxxx`, `AAAAAAAA` in anonymised statements), which would say more about the anonymiser than
 * about the encoding. Text in another script is judged on the first two points only. The thresholds keep a wide margin
 * from real statements (bench corpus and generated corpora in 21 locales: at most 4.9 bits per
 * letter): a page is only OCR'd when its text is clearly not text. Some rotations of the whole
 * alphabet happen to land near a language's frequencies and pass; the common faults (letters one or
 * a few places on, codes offset past the letters, private-use codes) do not.
 */

export const TEXT_LAYER = {
  /** Fewer non-space characters than this: no text layer (a scan). */
  minChars: 20,
  /** Share of the non-space characters that no text is made of. */
  maxOddShare: 0.1,
  /** Distinct words that change case mid-word (see above), at least this many and this share of the distinct words. */
  minMixedCaseWords: 8,
  maxMixedCaseShare: 0.08,
  /** Latin letters needed before their distribution says anything. */
  minLetters: 80,
  /** Bits per letter in the best-fitting language (text: about 4.0 to 4.9). */
  maxLetterBits: 5.05,
  minVowelShare: 0.25,
  maxVowelShare: 0.6,
} as const;

// Letter frequencies in per cent, a to z (accents folded), of common text in each language.
const LETTER_FREQUENCIES: Record<string, number[]> = {
  //  a     b    c    d    e     f    g    h    i     j    k    l    m    n     o     p    q    r    s    t    u    v    w    x     y    z
  en: [
    8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2.0, 6.1, 7.0, 0.15, 0.8, 4.0, 2.4, 6.7, 7.5, 1.9, 0.1, 6.0, 6.3, 9.1, 2.8, 1.0, 2.4,
    0.15, 2.0, 0.07,
  ],
  de: [
    6.5, 1.9, 2.7, 5.1, 17.4, 1.7, 3.0, 4.8, 7.6, 0.3, 1.2, 3.4, 2.5, 9.8, 2.6, 0.8, 0.02, 7.0, 7.3, 6.2, 4.2, 0.8, 1.9,
    0.03, 0.04, 1.1,
  ],
  fr: [
    7.6, 0.9, 3.3, 3.7, 14.7, 1.1, 0.9, 0.7, 7.5, 0.6, 0.05, 5.5, 3.0, 7.1, 5.8, 2.5, 1.4, 6.7, 7.9, 7.2, 6.3, 1.8,
    0.05, 0.4, 0.3, 0.3,
  ],
  es: [
    12.5, 1.4, 4.7, 5.9, 13.7, 0.7, 1.0, 0.7, 6.3, 0.4, 0.01, 5.0, 3.2, 6.7, 8.7, 2.5, 0.9, 6.9, 8.0, 4.6, 3.9, 0.9,
    0.02, 0.2, 0.9, 0.5,
  ],
  it: [
    11.7, 0.9, 4.5, 3.7, 11.8, 1.2, 1.6, 0.6, 11.3, 0, 0, 6.5, 2.5, 6.9, 9.8, 3.1, 0.5, 6.4, 5.0, 5.6, 3.0, 2.1, 0, 0,
    0, 0.5,
  ],
  pt: [
    14.6, 1.0, 3.9, 5.0, 12.6, 1.0, 1.3, 1.3, 6.2, 0.4, 0, 2.8, 4.7, 5.0, 10.7, 2.5, 1.2, 6.5, 7.8, 4.3, 4.6, 1.7, 0,
    0.2, 0, 0.5,
  ],
  nl: [
    7.5, 1.6, 1.2, 5.9, 18.9, 0.8, 3.4, 2.4, 6.5, 1.5, 2.3, 3.6, 2.2, 10.0, 6.1, 1.6, 0, 6.4, 3.7, 6.8, 2.0, 2.9, 1.5,
    0, 0.04, 1.4,
  ],
  sv: [
    9.4, 1.5, 1.5, 4.7, 10.1, 2.0, 2.9, 2.1, 5.8, 0.6, 3.1, 5.3, 3.5, 8.5, 4.5, 1.8, 0, 8.4, 6.6, 7.7, 1.9, 2.4, 0.1,
    0.2, 0.7, 0.07,
  ],
  da: [
    6.0, 2.0, 0.6, 5.9, 15.5, 2.4, 4.1, 1.6, 6.0, 0.7, 3.4, 5.2, 3.2, 7.2, 4.6, 1.8, 0, 9.0, 5.8, 7.0, 2.0, 2.3, 0, 0,
    0.7, 0,
  ],
  pl: [
    8.9, 1.5, 4.0, 3.3, 7.7, 0.3, 1.4, 1.1, 8.2, 2.3, 3.5, 2.1, 2.8, 5.5, 7.8, 3.1, 0, 4.7, 4.3, 4.0, 2.5, 0, 4.7, 0,
    3.8, 5.6,
  ],
  tr: [
    11.9, 2.8, 1.0, 4.7, 8.9, 0.4, 1.3, 1.1, 8.6, 0, 4.7, 5.9, 3.8, 7.5, 2.5, 0.9, 0, 6.7, 3.0, 3.3, 3.2, 1.0, 0, 0,
    3.3, 1.5,
  ],
  id: [
    19.0, 2.6, 0.8, 4.2, 8.3, 0.2, 3.7, 2.5, 8.1, 0.9, 5.6, 3.4, 3.8, 9.1, 3.1, 2.9, 0, 3.6, 4.0, 4.8, 5.2, 0, 0.5, 0,
    2.0, 0,
  ],
};

/** Per language, -log2 of each letter's probability; a letter a language never uses still has 1 in 2000. */
const LETTER_BITS = Object.values(LETTER_FREQUENCIES).map((freq) => {
  const total = freq.reduce((a, b) => a + b, 0);
  return freq.map((f) => -Math.log2(Math.max(f / total, 0.0005)));
});

const ODD = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\uFFFD]/gu;

/** Characters (code points) of a string, as `[...s].length` counts them. */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Counts of the letters a to z in `text`, accents folded (é is e), any case. */
function letterCounts(text: string): { counts: number[]; total: number } {
  const counts = new Array<number>(26).fill(0);
  let total = 0;
  for (const ch of text.normalize('NFD').toLowerCase()) {
    const i = ch.charCodeAt(0) - 97;
    if (i >= 0 && i < 26) {
      counts[i] = (counts[i] as number) + 1;
      total++;
    }
  }
  return { counts, total };
}

/**
 * Bits per letter of the page's letters in the language that explains them best (its cross
 * entropy): 4 to 4.9 for statements, more when letters fall where no language puts them.
 */
function letterBits(counts: number[], total: number): number {
  return Math.min(
    ...LETTER_BITS.map((bits) => counts.reduce((sum, n, i) => sum + n * (bits[i] as number), 0) / (total || 1)),
  );
}

const VOWELS = new Set('aeiouy');

export interface TextLayerVerdict {
  usable: boolean;
  /** Why a layer is not usable. */
  why?: string;
  /** Not usable, but its lower-case words read right (only capitals, digits, punctuation are broken). */
  lowerCaseReads?: true;
}

/** A lower-case letter, then a capital not followed by a lower-case letter (marks in between ignored). */
const CASE_BREAK = /\p{Ll}\p{M}*\p{Lu}\p{M}*(?!\p{Ll})/u;
/** A word of one letter repeated, perhaps with digits or punctuation: an anonymiser's placeholder. */
const PLACEHOLDER = /^[^\p{L}]*(\p{L})(?:[^\p{L}]*\1)+[^\p{L}]*$/u;

export const NO_TEXT_LAYER = 'no text layer';

/** The verdict on a page's text (its items joined with spaces). */
export function judgeTextLayer(text: string): TextLayerVerdict {
  const compact = text.replace(/\s+/g, '');
  const chars = codePoints(compact);
  if (chars < TEXT_LAYER.minChars) return { usable: false, why: NO_TEXT_LAYER };
  // Each match is one code point (the pattern is one class, read by code point).
  const odd = compact.match(ODD)?.length ?? 0;
  if (odd / chars > TEXT_LAYER.maxOddShare)
    return { usable: false, why: `${odd} of ${chars} characters are control or private-use characters` };
  const words = [...new Set(text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)))];
  // Counted by their runs of letters: a bank's code repeated with other numbers ("mTFR/437036/ASHIQ",
  // "mTFR/560845/ASHIQ") is one word that changes case, not one per transaction.
  const letterRuns = [...new Set(words.flatMap((w) => w.match(/[\p{L}\p{M}]+/gu) ?? []))];
  const caseBreaks = letterRuns.filter((w) => CASE_BREAK.test(w));
  if (
    caseBreaks.length >= TEXT_LAYER.minMixedCaseWords &&
    caseBreaks.length / letterRuns.length > TEXT_LAYER.maxMixedCaseShare
  )
    return {
      usable: false,
      why: `${caseBreaks.length} of its ${letterRuns.length} words change case mid-word (${caseBreaks.slice(0, 3).join(', ')})`,
      lowerCaseReads: true,
    };
  // Letters by distinct runs too: a sales code printed with each row's number ("DB1030723700",
  // "DB1103563162") spells its letters once, not once per row, or its consonants outweigh the page.
  const distinct = [...new Set(letterRuns.map((w) => w.toLowerCase()))].filter((w) => !PLACEHOLDER.test(w));
  const { counts, total } = letterCounts(distinct.join(' '));
  if (total < TEXT_LAYER.minLetters) return { usable: true };
  const bits = letterBits(counts, total);
  if (bits > TEXT_LAYER.maxLetterBits)
    return { usable: false, why: `its letters fit no language (${bits.toFixed(2)} bits per letter)` };
  const vowels = counts.reduce((sum, n, i) => sum + (VOWELS.has(String.fromCharCode(97 + i)) ? n : 0), 0) / total;
  if (vowels < TEXT_LAYER.minVowelShare || vowels > TEXT_LAYER.maxVowelShare)
    return { usable: false, why: `vowels are ${Math.round(vowels * 100)} % of its letters` };
  return { usable: true };
}
