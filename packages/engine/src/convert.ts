/**
 * convert(bytes) -> Statement[]: picks the reader by the file's bytes, feeds the one
 * layout model, and runs the one extraction pipeline on it.
 */
import { AppError, emptyStatementFacts, isAppError, type Statement, type TraceEntry } from '@statemint/shared';
import { classifyDocument } from './classify/statement-or-not';
import { extractStatements } from './extract/index';
import { passEnabled } from './extract/passes';
import type { LayoutDocument, TextlessPage } from './layout/model';
import type { PageFault } from './ocr/quality';
import { detectInputKind } from './readers/detect';
import { checkDocumentText, checkImagePixels, checkTextBytes } from './readers/limits';

export interface ConvertOptions {
  fileName?: string;
  password?: string | undefined;
  /** Milliseconds the whole conversion may take (default 120 s). */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 120_000;

export async function convert(bytes: Uint8Array, options: ConvertOptions = {}): Promise<Statement[]> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const kind = detectInputKind(bytes, options.fileName);
  if (kind === 'zip') {
    const { readZipEntries } = await import('./readers/zip');
    const { entries, skipped } = await readZipEntries(bytes);
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
    const kept = out.filter((s) => s.transactions.length > 0 || s.issues?.length);
    // Entries that are no statement (notes, unsupported types) are listed, not lost silently.
    const first = kept[0];
    if (first && skipped.length) {
      first.issues = [
        ...(first.issues ?? []),
        { code: 'ZIP_ENTRY_SKIPPED', message: `Skipped (not a supported statement file): ${skipped.join(', ')}` },
      ];
    }
    return kept;
  }
  // What an input may cost is checked before it is read and once read, for ZIP entries too (readers/limits.ts).
  checkTextBytes(bytes, kind);
  await checkImagePixels(bytes, kind);
  const doc = await readDocument(kind, bytes, options, deadline);
  checkDocumentText(doc);
  let statements: Statement[] = [];
  let failure: unknown = null;
  try {
    statements = extractStatements(doc, { deadline });
    if (kind === 'pdf') statements = await withoutUnseenGlyphs(bytes, options, started, deadline, doc, statements);
  } catch (e) {
    if (!isAppError(e) || e.code !== 'NO_TRANSACTIONS') throw e;
    failure = e;
  }
  // A photo or scan that gave nothing says why, when its figures tell (too small, dark or blurred).
  const faults = pageFaults(doc, statements);
  if (failure) {
    const { qualityError } = await import('./ocr/quality');
    const why = qualityError(faults, doc.pages.length);
    if (why) throw why;
  }
  // Invoices, receipts and letters are refused as such, rather than read as transactions (see classify/).
  if (!classifyDocument(doc, statements).statement)
    throw new AppError('NOT_A_STATEMENT', 'This document does not look like a bank statement.');
  if (failure) throw failure;
  if (faults.length) {
    const { faultMessage } = await import('./ocr/quality');
    const first = statements[0] as Statement;
    first.issues = [
      ...(first.issues ?? []),
      ...faults.map((f) => ({ code: 'PAGE_UNREADABLE', page: f.page, message: faultMessage(f.fault, f.page) })),
    ];
  }
  if (doc.textless?.length) for (const s of statements) s.trace = [...textlessTrace(doc.textless), ...(s.trace ?? [])];
  return statements;
}

/** OCR pages whose figures say they cannot be read and that gave no row. */
function pageFaults(doc: LayoutDocument, statements: Statement[]): { page: number; fault: PageFault }[] {
  const used = new Set(statements.flatMap((s) => s.transactions.map((t) => t.page)));
  return doc.pages.flatMap((p) => (p.fault && !used.has(p.number) ? [{ page: p.number, fault: p.fault }] : []));
}

/**
 * `unseen-glyphs`: where a PDF's statements do not add up, it is read again without the glyphs
 * painted white (readers/unseen-glyphs.ts), and that reading is kept where more of its statements
 * balance, or as many with fewer mismatches: white text on a dark band is white too, so the
 * arithmetic decides, not the colour.
 */
async function withoutUnseenGlyphs(
  bytes: Uint8Array,
  options: ConvertOptions,
  started: number,
  deadline: number,
  doc: LayoutDocument,
  statements: Statement[],
): Promise<Statement[]> {
  if (!passEnabled('unseen-glyphs') || doc.textless?.some((t) => t.ocr)) return statements;
  if (!statements.some((s) => s.reconciliation.status === 'unbalanced')) return statements;
  // The second reading costs about what the first did: tried only where the time left allows it
  // twice over, and given up at the deadline (the first reading stands).
  if (Date.now() + 2 * (Date.now() - started) > deadline) return statements;
  const { paintsUnseenGlyphs, readPdf } = await import('./readers/pdf');
  if (!(await paintsUnseenGlyphs(bytes, options.password))) return statements;
  let other: Statement[];
  let unseen = 0;
  try {
    const shown = await readPdf(bytes, { password: options.password, deadline, hideUnseenGlyphs: true });
    unseen = shown.unseenGlyphs ?? 0;
    if (!unseen) return statements;
    other = extractStatements(shown, { deadline });
  } catch (e) {
    if (isAppError(e) && (e.code === 'NO_TRANSACTIONS' || e.code === 'TIMEOUT')) return statements;
    throw e;
  }
  const count = (list: Statement[], status: string) => list.filter((s) => s.reconciliation.status === status).length;
  const balanced = (list: Statement[]) => count(list, 'balanced');
  const misses = (list: Statement[]) => list.reduce((n, s) => n + s.reconciliation.mismatches.length, 0);
  // Fewer mismatches count only with as much checked: a reading that checks nothing has none.
  const better =
    balanced(other) > balanced(statements) ||
    (balanced(other) === balanced(statements) &&
      count(other, 'unknown') <= count(statements, 'unknown') &&
      misses(other) < misses(statements));
  if (!better) return statements;
  const entry: TraceEntry = {
    pass: 'unseen-glyphs',
    field: 'text',
    from: null,
    to: `${unseen} glyphs left out`,
    why: `painted white, shown by no viewer: ${balanced(other)} statements balance without them, ${balanced(statements)} with`,
  };
  for (const s of other) s.trace = [entry, ...(s.trace ?? [])];
  return other;
}

/** Which PDF pages OCR read instead of their text layer, or left empty, and why (`--trace`, the bench). */
function textlessTrace(pages: TextlessPage[]): TraceEntry[] {
  return pages.map((p) => ({
    pass: 'text-layer',
    field: `page ${p.page}`,
    from: null,
    to: p.ocr ? 'read by OCR' : 'nothing to read',
    why: p.why,
  }));
}

// Readers load lazily: a PDF conversion never pays for ExcelJS, mammoth or tesseract.js.
async function readDocument(
  kind: ReturnType<typeof detectInputKind>,
  bytes: Uint8Array,
  options: ConvertOptions,
  deadline: number,
): Promise<LayoutDocument> {
  switch (kind) {
    case 'pdf': {
      const { readPdf } = await import('./readers/pdf');
      return readPdf(bytes, {
        password: options.password,
        deadline,
        // The command line sets it (cli/run.ts): see readers/pdfjs.ts.
        thread: process.env.STATEMINT_PDF_THREAD === '1',
        // Pages without a usable text layer (scans, broken font encodings) are read by OCR into the same layout model.
        ocrPages: async (doc, pages, textWords) =>
          (await import('./ocr/pdf')).ocrPdfPages(doc, pages, { deadline, textWords }),
      });
    }
    case 'docx':
      return (await import('./readers/docx')).readDocx(bytes);
    case 'doc':
      return (await import('./readers/doc')).readDoc(bytes);
    case 'rtf':
      return (await import('./readers/rtf')).readRtf(bytes);
    case 'xlsx':
      return (await import('./readers/xlsx')).readXlsx(bytes);
    case 'csv':
      return (await import('./readers/text')).readCsv(bytes);
    case 'txt':
      return (await import('./readers/text')).readTxt(bytes);
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'bmp':
    case 'tiff':
    case 'svg':
      return (await import('./ocr/index')).ocrImage(bytes, kind, { deadline });
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
    statement: emptyStatementFacts(),
    transactions: [],
    reconciliation: { status: 'unknown', mismatches: [] },
    issues: [{ code, message: (e as Error).message }],
    source: name,
  };
}
