/**
 * Account number, holder and bank name from the lines outside the tables. The account number is
 * the value after an account label of any language ("Account Number", "Kontonummer", "N° de
 * compte", "IBAN"), or an IBAN by its shape; the holder the value after a holder label.
 */
import type { TokenLine } from '../tokens/tokenise';
import { factWordEnd, factWordEnds, hasFactWord, startsWithFactWord } from '../vocabulary';
import { isRunningText } from './period';

const IBAN_RE = /\b([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?)\b/;
const VALUE_RE = /^[:.#\s\-–—]*([A-Z]{0,4}[0-9*Xx•][0-9*Xx• -]{3,34}[0-9*Xx•])(?=\s|$)/;

const lineText = (l: TokenLine) => l.tokens.map((t) => t.text).join('  ');

/** The first account number after an account label; an IBAN where nothing else is labelled. */
export function findAccountNumber(lines: TokenLine[]): string | null {
  let iban: string | null = null;
  for (const line of lines) {
    const tokens = line.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const text = (tokens[i] as TokenLine['tokens'][number]).text;
      if (!hasFactWord(text, 'account')) {
        iban ??= IBAN_RE.exec(text)?.[1] ?? null;
        continue;
      }
      // Every label in the text, as a word like "Savings Account" may come before the labelled one.
      const bare = text.normalize('NFD').replace(/\p{M}/gu, '');
      // The kind of account may stand between the label and its number ("Conta corrente 07051-4",
      // "Compte courant 0123456"): one or two words of letters, then the number ending the text.
      const rests = factWordEnds(text, 'account').flatMap((end) => {
        const rest = bare.slice(end);
        const kind = /^\s+\p{L}+\.?(?:\s+\p{L}+\.?)?\s+(?=[A-Z]{0,4}[\d*Xx•][\d*Xx• -]*\s*$)/u.exec(rest);
        return kind ? [rest, rest.slice(kind[0].length)] : [rest];
      });
      const candidates = [...rests, ...tokens.slice(i + 1, i + 3).map((t) => t.text)];
      for (const c of candidates) {
        const m = VALUE_RE.exec(c.trim()) ?? IBAN_RE.exec(c);
        if (m && /\d/.test(m[1] as string) && (m[1] as string).replace(/\D/g, '').length >= 3)
          return clean(m[1] as string);
      }
    }
  }
  return iban ? clean(iban) : null;
}

function clean(s: string): string {
  return s.trim().replace(/\s{2,}/g, ' ');
}

/**
 * The account holder: the value after a holder label ("Account holder: Jane Doe", "Titular"). Not
 * in a notice's sentence, whose "(your name and account number)" names no one, nor after a holder
 * word inside a text.
 */
export function findHolder(lines: TokenLine[]): string | null {
  for (const line of lines) {
    if (isRunningText(line)) continue;
    const tokens = line.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const text = (tokens[i] as TokenLine['tokens'][number]).text;
      // A label starts its text: "Your name and account number" (a notice's list) names no one.
      if (!startsWithFactWord(text, 'holder')) continue;
      const end = factWordEnd(text, 'holder');
      const inline = text.slice(end).replace(/^[\s:.-]+/, '');
      // "Client ID  49092372": a label and a word before a bare number label that number, not a person.
      if (inline && /^[\s:#.-]*\d[\d\s-]{2,}$/.test(tokens[i + 1]?.text ?? '')) continue;
      const value = inline || (tokens[i + 1]?.text ?? '').replace(/^[\s:.-]+/, '');
      if (value && /\p{L}{2}/u.test(value) && !/\d{3}/.test(value) && value.length < 60) return value.trim();
    }
  }
  return null;
}

const BANK_RE =
  /\b(bank|banque|banco|banca|bancorp|credit union|sparkasse|volksbank|raiffeisen|trust|building society|savings|caixa|caisse|kasse|spaarbank|sparbank|bankası|bankasi|bankas)\b/i;

/** Bank name: the first line naming a bank, as printed. */
export function findBankName(lines: TokenLine[]): string | null {
  for (const line of lines.slice(0, 40)) {
    for (const t of line.tokens) {
      const text = t.text.trim();
      if (!BANK_RE.test(text) || text.length > 60 || /\d{3}|@|www\.|https?:/i.test(text)) continue;
      if (/^(your|our|the|dear|thank|please)\b/i.test(text)) continue;
      return text.replace(/[.,;]$/, '');
    }
  }
  return null;
}

export { lineText };
