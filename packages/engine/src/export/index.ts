/**
 * Output writers: statements (one, or several from a ZIP) to every download format, for the CLI and the
 * server. `exportStatements` returns the whole file; `writeStatements` streams it into a Writable.
 */
import { PassThrough, type Writable } from 'node:stream';
import { AppError, type OutputFormat, type Statement } from '@statemint/shared';
import { writeCsv } from './csv';
import { writeHtml } from './html';
import { writeIif } from './iif';
import { writeJson } from './json';
import { DEFAULT_INTU_BID, writeOfx2, writeOfxSgml } from './ofx';
import { CSV_COLUMNS, CSV_DATE_FORMATS, CSV_PRESETS, type ExportOptions } from './options';
import { writeQif } from './qif';
import { writeText } from './text';
import { writeXml } from './xml';

export { CATEGORIES, CATEGORY_LABELS, type Category, categorise } from './categorise';
export { fitIds } from './fitid';
export {
  CSV_COLUMNS,
  CSV_DATE_FORMATS,
  CSV_PRESETS,
  type CsvColumn,
  type CsvDateFormat,
  type CsvPreset,
  type ExportOptions,
  STANDARD_COLUMNS,
} from './options';
export { looksLikeFormula } from './safety';
export { XML_NAMESPACE } from './xml';

/** Path of the XSD the XML output validates against. */
export const XML_SCHEMA_URL = new URL('./statement.xsd', import.meta.url);

/** Writes statements in one output format. JSON: one statement as an object, several as an array. */
export async function exportStatements(
  statements: Statement[],
  format: OutputFormat,
  options: ExportOptions = {},
): Promise<Uint8Array | string> {
  switch (format) {
    case 'json':
      return writeJson(statements);
    case 'csv': {
      const preset = options.csvPreset ?? 'standard';
      // The preset may come straight from a download URL.
      if (!CSV_PRESETS.includes(preset)) {
        throw new AppError('VALIDATION_FAILED', `unknown CSV preset '${String(preset)}' (${CSV_PRESETS.join(', ')})`);
      }
      const dates = options.csvDates ?? 'iso';
      if (!CSV_DATE_FORMATS.includes(dates))
        throw new AppError(
          'VALIDATION_FAILED',
          `unknown CSV date format '${String(dates)}' (${CSV_DATE_FORMATS.join(', ')})`,
        );
      const columns = options.csvColumns;
      if (columns && (columns.length === 0 || columns.some((c) => !CSV_COLUMNS.includes(c))))
        throw new AppError('VALIDATION_FAILED', `CSV columns are some of ${CSV_COLUMNS.join(', ')}`);
      return writeCsv(statements, preset, options.bom ?? false, dates, columns);
    }
    case 'xml':
      return writeXml(statements);
    case 'txt':
      return writeText(statements);
    case 'html':
      return writeHtml(statements);
    case 'ofx':
      return writeOfx2(statements, options.generatedAt ?? new Date());
    case 'qfx':
    case 'qbo':
      return writeOfxSgml(statements, options.generatedAt ?? new Date(), options.intuBid ?? DEFAULT_INTU_BID);
    case 'qif':
      return writeQif(statements);
    case 'iif':
      return writeIif(statements);
    case 'xlsx':
      return collect(async (sink) => (await loadXlsxWriter())(statements, sink));
    default:
      throw new AppError('NOT_IMPLEMENTED', `the ${format as string} writer is not implemented`);
  }
}

/** Streams one output format into `sink` (the XLSX workbook is written row by row). Does not end other sinks' use. */
export async function writeStatements(
  statements: Statement[],
  format: OutputFormat,
  sink: Writable,
  options: ExportOptions = {},
): Promise<void> {
  if (format === 'xlsx') {
    await (await loadXlsxWriter())(statements, sink);
    return;
  }
  const output = await exportStatements(statements, format, options);
  await new Promise<void>((resolve, reject) => {
    sink.once('error', reject);
    sink.end(output, () => resolve());
  });
}

async function collect(write: (sink: Writable) => Promise<void>): Promise<Uint8Array> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    sink.once('end', resolve);
    sink.once('error', reject);
  });
  await write(sink);
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** ExcelJS is large: loaded only when an XLSX is written, so other formats start fast. */
async function loadXlsxWriter() {
  return (await import('./xlsx')).writeXlsx;
}

/**
 * Loads the writers that otherwise load on first use (XLSX), for a long-lived process that will
 * write every format: it pays the load (about 0.3 s of CPU) before its first file instead of during it.
 */
export async function loadWriters(): Promise<void> {
  await loadXlsxWriter();
}
