/**
 * Golden files: the small statement in every format. Regenerate after an intended change with
 * `UPDATE_GOLDEN=1 npx vitest run packages/engine/src/export/golden.test.ts` and review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { OUTPUT_FORMATS, type OutputFormat } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { describeWorkbook } from './describe-xlsx';
import { smallStatement } from './fixtures';
import { exportStatements } from './index';

const GENERATED_AT = new Date(Date.UTC(2025, 1, 1, 12, 0, 0));
const update = process.env.UPDATE_GOLDEN === '1';

/** Golden names end in `.golden` so that formatters leave them byte-for-byte alone. */
function goldenUrl(name: string): URL {
  return new URL(`./__golden__/${name}.golden`, import.meta.url);
}

async function comparable(format: OutputFormat): Promise<string> {
  const out = await exportStatements([smallStatement()], format, { generatedAt: GENERATED_AT });
  if (format === 'xlsx') return describeWorkbook(out as Uint8Array);
  // QFX/QBO/IIF are Windows-1252 bytes: compare them as latin1 text so every byte shows.
  return typeof out === 'string' ? out : Buffer.from(out).toString('latin1');
}

describe('golden files of a small statement', () => {
  it.each([...OUTPUT_FORMATS, 'csv-simple', 'csv-accounting'])('%s matches its golden file', async (name) => {
    const actual = name.startsWith('csv-')
      ? ((await exportStatements([smallStatement()], 'csv', {
          csvPreset: name.slice(4) as 'simple' | 'accounting',
        })) as string)
      : await comparable(name as OutputFormat);
    const file = goldenUrl(`small.${name}`);
    if (update) writeFileSync(file, actual, ['qfx', 'qbo', 'iif'].includes(name) ? 'latin1' : 'utf8');
    const expected = readFileSync(file, ['qfx', 'qbo', 'iif'].includes(name) ? 'latin1' : 'utf8');
    expect(actual).toBe(expected);
  });
});
