/**
 * `statemint convert [--format F] [--password P] [--trace] (--out FILE | --out-dir DIR) INPUT...`
 * The interface is fixed: the benchmark drives it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { AppError, isAppError, OUTPUT_FORMATS, type OutputFormat, type Statement } from '@statemint/shared';
import { convert, DEFAULT_TIMEOUT_MS } from '../convert';
import { CSV_DATE_FORMATS, CSV_PRESETS, type CsvDateFormat, type CsvPreset, exportStatements } from '../export/index';
import { unknownDisabledPasses } from '../extract/passes';
import { isolated } from './isolate';

/** An input that has not finished this long after its conversion's own time limit is stopped. */
const WATCHDOG_MS = DEFAULT_TIMEOUT_MS + 15_000;
const timedOut = () => new AppError('TIMEOUT', 'The conversion took too long and was stopped.');

const USAGE = `Usage:
  statemint convert [--format FORMAT] [--password P] (--out FILE | --out-dir DIR) INPUT...
  statemint --help

Converts bank statements (PDF, scans and photos, DOCX, DOC, RTF, TXT, CSV, XLSX, ZIP)
into exact, reconciled transactions.

Options:
  --format FORMAT   ${OUTPUT_FORMATS.join('|')} (default json)
  --password P      password of an encrypted PDF
  --csv-preset P    standard|simple|accounting (CSV columns; default standard)
  --bom             start CSV output with a UTF-8 byte-order mark (for Excel)
  --csv-dates D     iso|dmy|mdy (CSV Date column: 2024-12-31, 31/12/2024, 12/31/2024)
  --out FILE        write the one INPUT's result to FILE
  --out-dir DIR     write DIR/<input name without extension>.<format> for each INPUT
  --trace           print on stdout which engine passes fired on each statement, and why
  -h, --help        show this help

JSON output is one statement object, or an array when a document holds several.
An input that cannot be converted prints "statemint: <file>: <code>: <message>"
on stderr; the others are still converted and the exit status is 1.

Environment:
  STATEMINT_DISABLE_PASSES=a,b   switch these engine passes off (extract/passes.ts;
                                 \`npm run bench -- --ablate\` scores each one off)
  STATEMINT_PDF_THREAD=0|1       parse PDFs in the converting thread (0) or in a
                                 thread of their own (1); by default in their own
                                 where a core is free (cli/pdf-thread.ts)`;

function fail(message: string): never {
  process.stderr.write(`statemint: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'convert') fail(`unknown command '${command}'`);

  let parsed: ReturnType<typeof parseConvertArgs>;
  try {
    parsed = parseConvertArgs(rest);
  } catch (e) {
    fail((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const format = (values.format ?? 'json') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) fail(`unknown format '${values.format}'`);
  if (positionals.length === 0) fail('no INPUT given');
  const preset = values['csv-preset'];
  if (preset !== undefined && !(CSV_PRESETS as readonly string[]).includes(preset))
    fail(`unknown CSV preset '${preset}'`);
  const dates = values['csv-dates'];
  if (dates !== undefined && !(CSV_DATE_FORMATS as readonly string[]).includes(dates))
    fail(`unknown CSV date format '${dates}'`);
  if ((values.out === undefined) === (values['out-dir'] === undefined)) fail('give exactly one of --out or --out-dir');
  if (values.out !== undefined && positionals.length > 1) fail('--out takes one INPUT; use --out-dir for several');
  if (values['out-dir'] !== undefined) await mkdir(values['out-dir'], { recursive: true });
  // A misspelt name would switch nothing off and the run would look like an ablation.
  for (const name of unknownDisabledPasses())
    process.stderr.write(`statemint: warning: STATEMINT_DISABLE_PASSES names no pass '${name}'; ignored\n`);

  let status = 0;
  for (const input of positionals) {
    try {
      // Every input on its own: an error that escapes its conversion is its failure, not the batch's.
      await isolated(
        async () => {
          const bytes = await readFile(input);
          const statements = await convert(new Uint8Array(bytes), {
            fileName: basename(input),
            password: values.password,
          });
          const output = await exportStatements(statements, format, {
            csvPreset: values['csv-preset'] as CsvPreset | undefined,
            bom: values.bom ?? false,
            csvDates: values['csv-dates'] as CsvDateFormat | undefined,
          });
          const target =
            values.out ?? join(values['out-dir'] as string, `${basename(input, extname(input))}.${format}`);
          await writeFile(target, output);
          if (values.trace) process.stdout.write(formatTrace(input, statements));
        },
        WATCHDOG_MS,
        timedOut,
      );
    } catch (e) {
      status = 1;
      const code = isAppError(e)
        ? e.code
        : (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'NOT_FOUND'
          : 'CONVERSION_FAILED';
      const message = isAppError(e) ? e.message : ((e as Error | null)?.message ?? String(e));
      process.stderr.write(`statemint: ${input}: ${code}: ${message.replace(/\s+/g, ' ')}\n`);
    }
  }
  return status;
}

function parseConvertArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f' },
      password: { type: 'string' },
      'csv-preset': { type: 'string' },
      bom: { type: 'boolean' },
      'csv-dates': { type: 'string' },
      out: { type: 'string', short: 'o' },
      'out-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      trace: { type: 'boolean' },
    },
  });
}

/**
 * The trace of each statement as text: per pass, how many changes it made, then each change
 * (`row N field: from -> to (why)`; statement-level facts without a row).
 */
export function formatTrace(input: string, statements: Statement[]): string {
  const out: string[] = [];
  statements.forEach((s, i) => {
    const trace = s.trace ?? [];
    const head = statements.length > 1 ? `${input} [statement ${i + 1} of ${statements.length}]` : input;
    out.push(`${head}: ${s.transactions.length} transactions, ${s.reconciliation.status}`);
    const byPass = new Map<string, typeof trace>();
    for (const e of trace) byPass.set(e.pass, [...(byPass.get(e.pass) ?? []), e]);
    for (const [pass, entries] of byPass) {
      out.push(`  ${pass} (${entries.length})`);
      for (const e of entries) {
        const where = e.row !== undefined && e.row >= 0 ? `row ${e.row + 1} ` : '';
        const from = e.from === null ? '' : `${e.from} -> `;
        out.push(`    ${where}${e.field}: ${from}${e.to ?? ''} (${e.why})`);
      }
    }
  });
  return `${out.join('\n')}\n`;
}
