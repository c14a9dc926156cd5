import type { Statement } from '@statemint/shared';

/** SCHEMA.md's shape plus `reconciliation` (and `issues`/`source` when present): one object, or an array for several. */
export function writeJson(statements: Statement[]): string {
  return `${JSON.stringify(statements.length === 1 ? statements[0] : statements, null, 2)}\n`;
}
