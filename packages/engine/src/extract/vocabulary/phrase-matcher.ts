/**
 * A list of normalised phrases matched as one regular expression of them would match, without
 * building it (the expression is kept in `phrasePattern` and `phraseSource` for the record, for
 * PhraseExpression and for the tests, which compare the two on every vocabulary list).
 *
 * Why: an expression with the Unicode classes \p{L} and \p{N} costs V8 about 1 ms to build and
 * 1-2 ms more to compile at each of its first two runs, and column labels were read with one
 * expression per phrase a label brings up (dozens on a one-page statement, ~100 on the 100-page
 * one, ~250 ms of its CPU). The long lists (facts, row labels) stay expressions: PhraseExpression.
 *
 * The expression: `(start)(?:p1|p2|...)(?![\p{L}\p{N}])`, flag u, where start is '^' (anchored),
 * nothing (compound) or `(?:^|[^\p{L}\p{N}])`, the phrases longest first, and each phrase its words
 * in order joined by `\s*`, the last one with an optional plural `(?:s|es)?` when it ends in a
 * letter; a one-letter phrase is `(?<!')x(?!')`. The matcher walks the same choices in the same
 * order as the backtracking engine (start position, then the ^ or the boundary character, then each
 * phrase in order, then 's', 'es' or nothing), so its first match is the expression's first match.
 * Phrases holding a surrogate or a space that \s reads otherwise fall back to the expression.
 */

export interface PhraseMatch {
  /** Where the match starts (at the boundary character before the phrase, when it takes one). */
  index: number;
  /** Where it ends. */
  end: number;
}

export type PhraseStart = 'anchored' | 'compound' | 'word';

interface Alternative {
  words: string[];
  plural: boolean;
  /** A one-letter phrase: no apostrophe before or after it. */
  mark: boolean;
}

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/uy;
const SPACE = /\s/y;
/** \p{L} or \p{N} among ASCII characters: letters and digits. */
const ASCII_LETTER_OR_NUMBER = Array.from({ length: 128 }, (_, c) => /[A-Za-z0-9]/.test(String.fromCharCode(c)));

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The pattern of one phrase's words (see the file). */
export function phrasePattern(words: string[]): string {
  // A one-letter phrase is a mark ("S" for Soll, "D" for débiteur), never the letter an apostrophe
  // joins to a word ("MONTH'S", "d'opération").
  if (words.length === 1 && /^\p{L}$/u.test(words[0] as string)) return `(?<!')${escapeRe(words[0] as string)}(?!')`;
  return words
    .map((w, i) => escapeRe(w) + (i === words.length - 1 && /\p{L}$/u.test(w) ? '(?:s|es)?' : ''))
    .join('\\s*');
}

/** The expression the matcher stands for (see the file). */
export function phraseSource(phrases: string[][], start: PhraseStart): string {
  const body = phrases.map(phrasePattern).join('|');
  const head = start === 'anchored' ? '^' : start === 'compound' ? '' : '(?:^|[^\\p{L}\\p{N}])';
  return `${head}(?:${body})(?![\\p{L}\\p{N}])`;
}

export class PhraseMatcher implements PhraseFinder {
  readonly #start: PhraseStart;
  readonly #alternatives: Alternative[] = [];
  /** Alternatives (indexes, in order) by the first character (code) of their first word. */
  readonly #byFirst = new Map<number, number[]>();
  /** The first character every alternative starts with, when they share one (a single phrase). */
  readonly #single: string | null = null;
  /** The expression itself, where a phrase holds characters the walk does not handle. */
  readonly #fallback: RegExp | null = null;

  /** `phrases`: each phrase's words (normalised, no spaces in them), in the order they are tried. */
  constructor(phrases: string[][], start: PhraseStart) {
    this.#start = start;
    const odd = phrases.some((words) => words.some((w) => !w || /[\uD800-\uDFFF]|\s/.test(w)));
    if (odd) {
      this.#fallback = new RegExp(phraseSource(phrases, start), 'gu');
      return;
    }
    phrases.forEach((words, i) => {
      const last = words[words.length - 1] as string;
      const mark = words.length === 1 && /^\p{L}$/u.test(last);
      this.#alternatives.push({ words, plural: !mark && /\p{L}$/u.test(last), mark });
      const first = (words[0] as string).charCodeAt(0);
      const list = this.#byFirst.get(first);
      if (list) list.push(i);
      else this.#byFirst.set(first, [i]);
    });
    if (this.#byFirst.size === 1) this.#single = String.fromCharCode([...this.#byFirst.keys()][0] as number);
  }

  /** The first match at or after `from`, as the expression's exec would find it, or null. */
  exec(text: string, from = 0): PhraseMatch | null {
    if (this.#fallback) {
      this.#fallback.lastIndex = from;
      const m = this.#fallback.exec(text);
      return m ? { index: m.index, end: m.index + m[0].length } : null;
    }
    if (this.#start === 'anchored') return from === 0 ? this.#phraseAt(text, 0, 0) : null;
    if (this.#single !== null) return this.#execSingle(text, from, this.#single);
    const n = text.length;
    for (let s = from; s <= n; s += s < n ? codePointLength(text, s) : 1) {
      if (this.#start === 'compound') {
        const m = this.#phraseAt(text, s, s);
        if (m) return m;
        continue;
      }
      if (s === 0) {
        const m = this.#phraseAt(text, 0, 0);
        if (m) return m;
      }
      // [^\p{L}\p{N}] takes the code point at s, and a phrase starts after it.
      if (s < n) {
        const at = s + codePointLength(text, s);
        if (this.#byFirst.has(text.charCodeAt(at)) && !letterOrNumberAt(text, s)) {
          const m = this.#phraseAt(text, s, at);
          if (m) return m;
        }
      }
    }
    return null;
  }

  /**
   * exec where every phrase starts with one character: only where it occurs can a phrase start,
   * the match at the code point before it (or at it, at the start of the text or in a compound).
   */
  #execSingle(text: string, from: number, first: string): PhraseMatch | null {
    for (let at = text.indexOf(first, from); at >= 0; at = text.indexOf(first, at + 1)) {
      let m: PhraseMatch | null = null;
      if (this.#start === 'compound' || at === 0) m = this.#phraseAt(text, at, at);
      else {
        const s = at >= 2 && codePointLength(text, at - 2) === 2 ? at - 2 : at - 1;
        if (s >= from && !letterOrNumberAt(text, s)) m = this.#phraseAt(text, s, at);
      }
      if (m) return m;
    }
    return null;
  }

  test(text: string): boolean {
    return this.exec(text) !== null;
  }

  /** Every match left to right, as the expression with flag g finds them (matchAll). */
  all(text: string): PhraseMatch[] {
    const out: PhraseMatch[] = [];
    let from = 0;
    for (;;) {
      const m = this.exec(text, from);
      if (!m) return out;
      out.push(m);
      from = m.end > m.index ? m.end : m.end + codePointLength(text, m.end);
      if (from > text.length) return out;
    }
  }

  /** The first alternative that matches with its words starting at `at` (the match starting at `index`). */
  #phraseAt(text: string, index: number, at: number): PhraseMatch | null {
    const candidates = this.#byFirst.get(text.charCodeAt(at));
    if (!candidates) return null;
    for (const i of candidates) {
      const end = this.#alternativeAt(this.#alternatives[i] as Alternative, text, at);
      if (end >= 0) return { index, end };
    }
    return null;
  }

  /** Where an alternative's match ends when it starts at `at`, or -1. */
  #alternativeAt(alt: Alternative, text: string, at: number): number {
    if (alt.mark) {
      if (at > 0 && text[at - 1] === "'") return -1;
      if (!text.startsWith(alt.words[0] as string, at)) return -1;
      const end = at + (alt.words[0] as string).length;
      return text[end] !== "'" && !letterOrNumberAt(text, end) ? end : -1;
    }
    let pos = at;
    for (let w = 0; w < alt.words.length; w++) {
      if (w > 0) {
        // \s* before a word, greedy: a word never starts with a space, so no other split can match.
        while (pos < text.length && isSpace(text, pos)) pos++;
      }
      const word = alt.words[w] as string;
      if (!text.startsWith(word, pos)) return -1;
      pos += word.length;
    }
    if (alt.plural) {
      if (text[pos] === 's' && !letterOrNumberAt(text, pos + 1)) return pos + 1;
      if (text[pos] === 'e' && text[pos + 1] === 's' && !letterOrNumberAt(text, pos + 2)) return pos + 2;
    }
    return letterOrNumberAt(text, pos) ? -1 : pos;
  }
}

/** \s at a position (one code unit: every \s character is one). */
function isSpace(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  SPACE.lastIndex = at;
  return SPACE.test(text);
}

function letterOrNumberAt(text: string, at: number): boolean {
  if (at >= text.length) return false;
  const c = text.charCodeAt(at);
  if (c < 128) return ASCII_LETTER_OR_NUMBER[c] as boolean;
  LETTER_OR_NUMBER.lastIndex = at;
  return LETTER_OR_NUMBER.test(text);
}

function codePointLength(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c >= 0xd800 && c <= 0xdbff && at + 1 < text.length) {
    const d = text.charCodeAt(at + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

/** What index.ts asks of a list of phrases. */
export interface PhraseFinder {
  exec(text: string, from?: number): PhraseMatch | null;
  test(text: string): boolean;
  all(text: string): PhraseMatch[];
}

const TESTED_CACHE_SIZE = 20_000;

/**
 * The expression itself, for the long lists (facts, row labels, sections) that every document
 * tests on many lines: compiled once (~1 ms to build, a few ms at its first runs), V8's matcher
 * then outruns the walk, which tries each phrase at each position (~10x slower on the 100-page
 * statement's lines).
 */
export class PhraseExpression implements PhraseFinder {
  readonly #re: RegExp;
  /**
   * Answers of `test` so far, by text: the same lines are asked about again and again (each row's
   * label text for every balance kind, each fact line for each fact), and a long list's expression
   * costs ~20 µs a line (8,000 questions about 356 texts on the 100-page statement). Emptied when it
   * grows past TESTED_CACHE_SIZE.
   */
  readonly #tested = new Map<string, boolean>();

  constructor(phrases: string[][], start: PhraseStart) {
    this.#re = new RegExp(phraseSource(phrases, start), 'gu');
  }

  exec(text: string, from = 0): PhraseMatch | null {
    this.#re.lastIndex = from;
    const m = this.#re.exec(text);
    return m ? { index: m.index, end: m.index + m[0].length } : null;
  }

  test(text: string): boolean {
    let found = this.#tested.get(text);
    if (found === undefined) {
      found = this.exec(text) !== null;
      if (this.#tested.size >= TESTED_CACHE_SIZE) this.#tested.clear();
      this.#tested.set(text, found);
    }
    return found;
  }

  all(text: string): PhraseMatch[] {
    const out: PhraseMatch[] = [];
    for (let m = this.exec(text); m; m = this.exec(text, m.end)) out.push(m);
    return out;
  }
}
