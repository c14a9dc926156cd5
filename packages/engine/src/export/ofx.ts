/**
 * OFX for accounting software.
 * - `ofx`: OFX 2.2 (XML, UTF-8).
 * - `qfx` (Quicken) and `qbo` (QuickBooks): OFX 1.02 SGML with the header block, CRLF lines, leaf elements
 *   without end tags, Windows-1252 text, and the Intuit `<INTU.BID>` element those programs require.
 * Choices where a statement does not say:
 * - currency: `CURDEF` is required; a statement without an ISO code (only `$` printed) is written as USD,
 *   the currency of the US layouts where that happens.
 * - account: `ACCTID` is the printed account number (spaces removed, at most 22 characters), or `UNKNOWN`;
 *   `BANKID` (routing number) is never printed on these statements, so it is `000000000`; type CHECKING.
 * - `INTU.BID` defaults to 3000, an id QuickBooks Desktop accepts for Web Connect files; override it
 *   with `ExportOptions.intuBid` for a specific institution.
 * - closing balance (`LEDGERBAL`): the statement's, else the last printed running balance, else
 *   opening balance + transactions; dated at the period end (else the last transaction).
 * TRNTYPE comes from the categoriser (ATM, FEE, XFER, DIRECTDEP, CHECK with CHECKNUM), else CREDIT/DEBIT.
 * FITIDs are stable (fitid.ts) so re-importing the same statement does not duplicate transactions.
 */
import type { Statement } from '@statemint/shared';
import { categorise } from './categorise';
import { fitIds } from './fitid';
import { formatMoney, sumMoney } from './money';
import { statementDigits } from './options';
import { singleLine } from './safety';

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_INTU_BID = '3000';

type Dialect = 'ofx2' | 'sgml';

interface Node {
  tag: string;
  /** Leaf value (already plain text, escaped on output), or children. */
  value?: string;
  children?: Node[];
}

const leaf = (tag: string, value: string): Node => ({ tag, value });
const aggregate = (tag: string, children: (Node | null)[]): Node => ({
  tag,
  children: children.filter((c): c is Node => c !== null),
});

function escapeOfx(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function render(node: Node, dialect: Dialect, depth: number, out: string[]): void {
  const indent = dialect === 'ofx2' ? '  '.repeat(depth) : '';
  if (node.children === undefined) {
    const value = escapeOfx(node.value ?? '');
    out.push(dialect === 'ofx2' ? `${indent}<${node.tag}>${value}</${node.tag}>` : `<${node.tag}>${value}`);
    return;
  }
  out.push(`${indent}<${node.tag}>`);
  for (const child of node.children) render(child, dialect, depth + 1, out);
  out.push(`${indent}</${node.tag}>`);
}

function ofxDate(iso: string): string {
  return iso.replace(/-/g, '');
}

function ofxDateTime(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}.${p(d.getUTCMilliseconds(), 3)}[0:GMT]`;
}

/** OFX `ACCTID` is at most 22 characters. */
export function accountId(s: Statement): string {
  const id = (s.statement.accountNumber ?? '').replace(/\s+/g, '');
  return id ? id.slice(-22) : 'UNKNOWN';
}

export function currencyOf(s: Statement): string {
  const c = s.statement.currency;
  return c && /^[A-Za-z]{3}$/.test(c) ? c.toUpperCase() : DEFAULT_CURRENCY;
}

/** The statement's closing balance, else the best value the rows give (see the module comment). */
export function ledgerBalance(s: Statement): number {
  if (s.statement.closingBalance !== null) return s.statement.closingBalance;
  for (let i = s.transactions.length - 1; i >= 0; i--) {
    const b = s.transactions[i]?.balance;
    if (b !== null && b !== undefined) return b;
  }
  const digits = statementDigits(s);
  return sumMoney([s.statement.openingBalance ?? 0, ...s.transactions.map((t) => t.amount)], digits);
}

/** A cheque row with a number that fits CHECKNUM (at most 12 characters). */
function isCheck(description: string, reference: string): boolean {
  return /^\d{1,12}$/.test(reference) && /\b(CHECK|CHEQUE|CHQ|SCHECK|CHEQUES)\b/i.test(description);
}

/** OFX TRNTYPE from the categoriser, so accounting software can tell cash, fees and transfers apart. */
function transactionType(description: string, amount: number, reference: string): string {
  if (isCheck(description, reference) && amount < 0) return 'CHECK';
  const out = amount < 0;
  switch (categorise(description, amount)) {
    case 'cash':
      return out ? 'ATM' : 'CREDIT';
    case 'fees':
      return out ? 'FEE' : 'CREDIT';
    case 'transfer':
      return 'XFER';
    case 'salary':
      return 'DIRECTDEP';
    default:
      return out ? 'DEBIT' : 'CREDIT';
  }
}

function dateRange(s: Statement): { start: string; end: string } {
  const dates = s.transactions.map((t) => t.date).sort();
  const start = s.statement.periodStart ?? dates[0] ?? s.statement.periodEnd ?? '1970-01-01';
  const end = s.statement.periodEnd ?? dates[dates.length - 1] ?? start;
  return { start, end };
}

function statementResponse(s: Statement, index: number): Node {
  const digits = statementDigits(s);
  const ids = fitIds(s);
  const { start, end } = dateRange(s);
  // Descriptions may be longer than NAME allows (32 in OFX 1.x and 2.x): the full text goes to MEMO.
  const transactions = s.transactions.map((t, i) => {
    const description = singleLine(t.description) || 'Transaction';
    const reference = t.reference === null ? '' : singleLine(t.reference);
    return aggregate('STMTTRN', [
      leaf('TRNTYPE', transactionType(t.description, t.amount, reference)),
      leaf('DTPOSTED', ofxDate(t.date)),
      leaf('TRNAMT', formatMoney(t.amount, digits)),
      leaf('FITID', ids[i] ?? String(i)),
      isCheck(description, reference) ? leaf('CHECKNUM', reference) : null,
      reference ? leaf('REFNUM', reference.slice(0, 32)) : null,
      // A payee the account's rules give the row (issue 27) is its NAME, which accounting software matches on.
      leaf('NAME', [...(singleLine(t.payee ?? '') || description)].slice(0, 32).join('')),
      leaf('MEMO', [...description].slice(0, 255).join('')),
    ]);
  });
  return aggregate('STMTTRNRS', [
    leaf('TRNUID', String(index + 1)),
    aggregate('STATUS', [leaf('CODE', '0'), leaf('SEVERITY', 'INFO')]),
    aggregate('STMTRS', [
      leaf('CURDEF', currencyOf(s)),
      aggregate('BANKACCTFROM', [
        leaf('BANKID', '000000000'),
        leaf('ACCTID', accountId(s)),
        leaf('ACCTTYPE', 'CHECKING'),
      ]),
      aggregate('BANKTRANLIST', [leaf('DTSTART', ofxDate(start)), leaf('DTEND', ofxDate(end)), ...transactions]),
      aggregate('LEDGERBAL', [leaf('BALAMT', formatMoney(ledgerBalance(s), digits)), leaf('DTASOF', ofxDate(end))]),
    ]),
  ]);
}

function ofxTree(statements: Statement[], generatedAt: Date, intuBid: string | null): Node {
  const org = singleLine(statements[0]?.statement.bankName ?? '').slice(0, 32) || 'Statemint';
  return aggregate('OFX', [
    aggregate('SIGNONMSGSRSV1', [
      aggregate('SONRS', [
        aggregate('STATUS', [leaf('CODE', '0'), leaf('SEVERITY', 'INFO')]),
        leaf('DTSERVER', ofxDateTime(generatedAt)),
        leaf('LANGUAGE', 'ENG'),
        intuBid === null ? null : aggregate('FI', [leaf('ORG', org), leaf('FID', intuBid)]),
        intuBid === null ? null : leaf('INTU.BID', intuBid),
      ]),
    ]),
    aggregate(
      'BANKMSGSRSV1',
      statements.map((s, i) => statementResponse(s, i)),
    ),
  ]);
}

export function writeOfx2(statements: Statement[], generatedAt: Date): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
  ];
  render(ofxTree(statements, generatedAt, null), 'ofx2', 0, lines);
  return `${lines.join('\n')}\n`;
}

const CP1252_HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** Windows-1252 bytes (the CHARSET the header declares); other characters lose accents, else become `?`. */
export function encodeCp1252(text: string): Uint8Array {
  // One byte per code point, and a string has at least as many UTF-16 units as code points.
  const bytes = new Uint8Array(text.length);
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0x3f;
    if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) bytes[n++] = c;
    else if (CP1252_HIGH[c] !== undefined) bytes[n++] = CP1252_HIGH[c];
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      const bc = base.length === 1 ? (base.codePointAt(0) ?? 0x3f) : 0x3f;
      bytes[n++] = bc < 0x80 || (bc >= 0xa0 && bc <= 0xff) ? bc : 0x3f;
    }
  }
  return bytes.slice(0, n);
}

/** QFX and QBO: OFX 1.02 SGML. */
export function writeOfxSgml(statements: Statement[], generatedAt: Date, intuBid: string): Uint8Array {
  const lines = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
  ];
  render(ofxTree(statements, generatedAt, intuBid), 'sgml', 0, lines);
  return encodeCp1252(`${lines.join('\r\n')}\r\n`);
}
