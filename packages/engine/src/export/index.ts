import { AppError, type OutputFormat, type Statement } from '@statemint/shared';

/** Writes statements in one output format. JSON: one statement as an object, several as an array. */
export async function exportStatements(statements: Statement[], format: OutputFormat): Promise<Uint8Array | string> {
  if (format === 'json') {
    return `${JSON.stringify(statements.length === 1 ? statements[0] : statements, null, 2)}\n`;
  }
  throw new AppError('NOT_IMPLEMENTED', `the ${format} writer is not implemented yet`);
}
