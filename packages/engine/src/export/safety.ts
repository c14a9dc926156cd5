/**
 * Spreadsheet safety (DECISIONS.md, OWASP CSV injection): text that a spreadsheet could read as a
 * formula is written as text in XLSX and prefixed with `'` in CSV. Numbers are never touched.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** The CSV form of a text cell: a leading `'` makes Excel, LibreOffice and Sheets keep it as text. */
export function neutraliseCsvText(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}

/** Removes characters that XML 1.0 cannot carry at all (C0 controls other than tab, LF, CR; U+FFFE/FFFF). */
export function stripXmlInvalid(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    const control = c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d;
    if (!control && c !== 0xfffe && c !== 0xffff) out += ch;
  }
  return out;
}

/** One-line text for line-based formats (text table, QIF, OFX): every run of whitespace becomes one space. */
export function singleLine(text: string): string {
  return stripXmlInvalid(text).replace(/\s+/g, ' ').trim();
}
