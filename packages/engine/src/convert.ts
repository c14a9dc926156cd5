/**
 * convert(bytes) -> Statement[]: picks the reader by the file's bytes, feeds the one
 * layout model, and runs the one extraction pipeline on it.
 */
import { AppError, type Statement } from '@statemint/shared';
import { extractStatements } from './extract/index';
import type { LayoutDocument } from './layout/model';
import { ocrImage } from './ocr/index';
import { detectInputKind } from './readers/detect';
import { readDoc } from './readers/doc';
import { readDocx } from './readers/docx';
import { readPdf } from './readers/pdf';
import { readRtf } from './readers/rtf';
import { readCsv, readTxt } from './readers/text';
import { readXlsx } from './readers/xlsx';
import { readZipEntries } from './readers/zip';

export interface ConvertOptions {
  fileName?: string;
  password?: string | undefined;
  /** Milliseconds the whole conversion may take (default 120 s). */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 120_000;

export async function convert(bytes: Uint8Array, options: ConvertOptions = {}): Promise<Statement[]> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const kind = detectInputKind(bytes, options.fileName);
  if (kind === 'zip') {
    const { entries } = await readZipEntries(bytes);
    const out: Statement[] = [];
    for (const entry of entries) {
      try {
        const statements = await convert(entry.bytes, {
          fileName: entry.name,
          password: options.password,
          timeoutMs: Math.max(1, deadline - Date.now()),
        });
        for (const s of statements) out.push({ ...s, source: entry.name });
      } catch (e) {
        // A bad entry does not sink the batch; it is reported with the others.
        out.push(failedEntry(entry.name, e));
      }
    }
    if (out.every((s) => s.transactions.length === 0))
      throw new AppError('NO_TRANSACTIONS', 'No transactions were found in any file of the ZIP archive.');
    return out.filter((s) => s.transactions.length > 0 || s.issues?.length);
  }
  const doc = await readDocument(kind, bytes, options, deadline);
  return extractStatements(doc, { deadline });
}

async function readDocument(
  kind: ReturnType<typeof detectInputKind>,
  bytes: Uint8Array,
  options: ConvertOptions,
  deadline: number,
): Promise<LayoutDocument> {
  switch (kind) {
    case 'pdf':
      return readPdf(bytes, { password: options.password, deadline });
    case 'docx':
      return readDocx(bytes);
    case 'doc':
      return readDoc(bytes);
    case 'rtf':
      return readRtf(bytes);
    case 'xlsx':
      return readXlsx(bytes);
    case 'csv':
      return readCsv(bytes);
    case 'txt':
      return readTxt(bytes);
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'bmp':
    case 'tiff':
    case 'svg':
      return ocrImage(bytes, kind, { deadline });
    default:
      throw new AppError(
        'UNSUPPORTED_FILE_TYPE',
        'This file type is not supported. Please use PDF, images, documents (DOC, DOCX, TXT, RTF, CSV, XLSX) or ZIP files.',
      );
  }
}

function failedEntry(name: string, e: unknown): Statement {
  const code = e instanceof AppError ? e.code : 'CONVERSION_FAILED';
  return {
    statement: {
      bankName: null,
      accountHolder: null,
      accountNumber: null,
      currency: null,
      periodStart: null,
      periodEnd: null,
      openingBalance: null,
      closingBalance: null,
    },
    transactions: [],
    reconciliation: { status: 'unknown', mismatches: [] },
    issues: [{ code, message: (e as Error).message }],
    source: name,
  };
}
