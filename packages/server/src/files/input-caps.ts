/**
 * Limits per input kind, checked before the engine sees a file (issue 15, finding 5): a 9.9 MB
 * text file of one line kept a worker busy for half a minute and grew it by hundreds of MB.
 * A statement export is many short lines; a file that is not is refused as no statement.
 */
import { AppError } from '@statemint/shared';

/** Longest line of a text or CSV export (a statement row is far shorter). */
export const MAX_TEXT_LINE_CHARS = 20_000;

export const LONG_LINE_MESSAGE = `This document does not look like a bank statement: it has a line of more than ${MAX_TEXT_LINE_CHARS.toLocaleString('en')} characters.`;

export function checkInputCaps(bytes: Uint8Array, kind: string): void {
  if (kind !== 'txt' && kind !== 'csv') return;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a || bytes[i] === 0x0d) {
      // Bytes, not characters: a UTF-8 line of 20,000 characters is at most 80,000 bytes.
      if (i - start > MAX_TEXT_LINE_CHARS * 4) throw new AppError('NOT_A_STATEMENT', LONG_LINE_MESSAGE);
      if (i - start > MAX_TEXT_LINE_CHARS) {
        const chars = [...Buffer.from(bytes.subarray(start, i)).toString('utf8')].length;
        if (chars > MAX_TEXT_LINE_CHARS) throw new AppError('NOT_A_STATEMENT', LONG_LINE_MESSAGE);
      }
      start = i + 1;
    }
  }
}
