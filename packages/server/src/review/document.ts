/**
 * The stored form of a file's statements (files/<id>/statements/v<N>, encrypted): the engine's
 * statements under a format number, so a later change of shape can still read older versions.
 */
import type { Statement } from '@statemint/shared';

export const STATEMENTS_FORMAT = 1;

interface StoredStatements {
  format: number;
  statements: Statement[];
}

export function encodeStatements(statements: Statement[]): string {
  return JSON.stringify({ format: STATEMENTS_FORMAT, statements } satisfies StoredStatements);
}

/** Reads a stored version, or the JSON export of files converted before versions were stored. */
export function decodeStatements(text: string): Statement[] {
  const parsed = JSON.parse(text) as StoredStatements | Statement | Statement[];
  if (Array.isArray(parsed)) return parsed;
  if ('format' in parsed && Array.isArray((parsed as StoredStatements).statements)) {
    if (parsed.format !== STATEMENTS_FORMAT) throw new Error(`unknown statements format ${parsed.format}`);
    return parsed.statements;
  }
  return [parsed as Statement];
}
