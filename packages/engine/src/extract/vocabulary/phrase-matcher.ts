/**
 * A list of normalised phrases matched as one regular expression of them would match, without
 * building it (the expression is kept in `phrasePattern` and `phraseSource` for the record and the
 * tests, which compare the two on every vocabulary list).
 *
 * Why: an expression with the Unicode classes \p{L} and \p{N} costs V8 about 1 ms to build and
 * 1-2 ms more to compile at each of its first two runs, and the vocabulary needs dozens of them
 * (a few large ones for facts and row labels, one per column phrase a document's labels bring up):
 * ~150 ms of a one-page conversion's CPU, ~300 ms of the 100-page one's.
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
const OTHER = /[^\p{L}\p{N}]/uy;
const SPACE = /\s/y;

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

export class PhraseMatcher {
  readonly #start: PhraseStart;
  readonly #alternatives: Alternative[] = [];
  /** Alternatives (indexes, in order) by the first character of their first word. */
  readonly #byFirst = new Map<string, number[]>();
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
      const first = (words[0] as string)[0] as string;
      const list = this.#byFirst.get(first);
      if (list) list.push(i);
      else this.#byFirst.set(first, [i]);
    });
  }

  /** The first match at or after `from`, as the expression's exec would find it, or null. */
  exec(text: string, from = 0): PhraseMatch | null {
    if (this.#fallback) {
      this.#fallback.lastIndex = from;
      const m = this.#fallback.exec(text);
      return m ? { index: m.index, end: m.index + m[0].length } : null;
    }
    for (let s = from; s <= text.length; s += codePointLength(text, s)) {
      if (this.#start === 'anchored') {
        return s === 0 ? this.#phraseAt(text, 0, 0) : null;
      }
      if (this.#start === 'compound') {
        const m = this.#phraseAt(text, s, s);
        if (m) return m;
        continue;
      }
      if (s === 0) {
        const m = this.#phraseAt(text, 0, 0);
        if (m) return m;
      }
      if (s < text.length) {
        OTHER.lastIndex = s;
        if (OTHER.test(text)) {
          const m = this.#phraseAt(text, s, OTHER.lastIndex);
          if (m) return m;
        }
      }
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
    const candidates = this.#byFirst.get(text[at] as string);
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
        for (;;) {
          SPACE.lastIndex = pos;
          if (pos < text.length && SPACE.test(text)) pos = SPACE.lastIndex;
          else break;
        }
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

function letterOrNumberAt(text: string, at: number): boolean {
  if (at >= text.length) return false;
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
