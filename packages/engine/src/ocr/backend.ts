/**
 * The OCR engine behind one small interface: an image in, words with boxes, confidences and line
 * ids out. Two backends read with the same LSTM models and settings: the `tesseract` command
 * (Debian's tesseract-ocr, native code, about twice as fast) when it is installed with the
 * language data, and tesseract.js (WebAssembly, always there) otherwise. STATEMINT_OCR_ENGINE
 * chooses one explicitly (for measurements and tests), `paddle` included: PaddleOCR's PP-OCRv4
 * models in onnxruntime-node (paddle.ts), measured against tesseract in docs/ARCHITECTURE.md and
 * never chosen by default (five times the CPU, several times the memory, spaces between words
 * lost, no letters for most of the engine's languages).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { AppError } from '@statemint/shared';

/** The languages the engine reads (those of its vocabularies), as tesseract and franc name them. */
export const OCR_LANGUAGES = [
  'eng',
  'deu',
  'fra',
  'spa',
  'por',
  'ita',
  'nld',
  'pol',
  'swe',
  'dan',
  'tur',
  'ind',
] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..100 as tesseract reports it. */
  confidence: number;
  /** Index of the text line the engine put the word in (its lines follow skew and curvature). */
  line?: number;
}

export interface RecognizeRequest {
  /** An encoded image the engine can read (PGM from prepare.ts, or PNG). */
  image: Buffer;
  langs: readonly OcrLanguage[];
  /** Page segmentation mode; 6 (one uniform block) keeps table rows together. */
  psm?: number;
  deadline: number;
}

export interface OcrBackend {
  readonly name: OcrEngineName;
  recognize(req: RecognizeRequest): Promise<OcrWord[]>;
  /** Frees workers (tests, server shutdown, end of a CLI run). Safe to call any time. */
  shutdown(): Promise<void>;
}

export const OCR_ENGINES = ['tesseract', 'tesseract.js', 'paddle'] as const;
export type OcrEngineName = (typeof OCR_ENGINES)[number];

/** Parameters both backends pass to tesseract. */
export const TESSERACT_PARAMETERS: Record<string, string> = {
  preserve_interword_spaces: '1',
  // Light-on-dark bands are inverted during preparation (prepare.ts); tesseract's own retry of
  // every line inverted costs about a fifth of the time.
  tessedit_do_invert: '0',
  // A PGM carries no resolution; pages are prepared to scan-sized text (prepare.ts).
  user_defined_dpi: '300',
  // Tesseract's own warnings ("Line cannot be recognized!!") would reach the user's stderr.
  debug_file: '/dev/null',
};

/** Cores to use: all of them, but at least one (OCR_WORKERS overrides, e.g. for tests). */
export function ocrPoolSize(): number {
  const fromEnv = Number(process.env.OCR_WORKERS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : availableParallelism();
}

let cliPresent: boolean | null = null;

/** Whether the `tesseract` command runs here (checked once per process). */
export function tesseractCommandPresent(): boolean {
  if (cliPresent === null) {
    const r = spawnSync('tesseract', ['--version'], { stdio: 'ignore', timeout: 10_000 });
    cliPresent = !r.error && r.status === 0;
  }
  return cliPresent;
}

/**
 * The engine to use: STATEMINT_OCR_ENGINE when set (`tesseract`, `tesseract.js`, `paddle`), else the
 * `tesseract` command when it is installed, else tesseract.js.
 */
export function chooseOcrEngine(env: NodeJS.ProcessEnv = process.env): OcrEngineName {
  const wanted = env.STATEMINT_OCR_ENGINE?.trim();
  if (wanted) {
    if (!(OCR_ENGINES as readonly string[]).includes(wanted))
      throw new AppError(
        'CONVERSION_FAILED',
        `STATEMINT_OCR_ENGINE must be one of ${OCR_ENGINES.join(', ')} (it is "${wanted}").`,
      );
    return wanted as OcrEngineName;
  }
  return tesseractCommandPresent() ? 'tesseract' : 'tesseract.js';
}

let backend: Promise<OcrBackend> | null = null;

async function load(name: OcrEngineName): Promise<OcrBackend> {
  // Each backend loads lazily: a run with the command never loads tesseract.js's WebAssembly.
  if (name === 'tesseract') return (await import('./cli')).cliBackend();
  if (name === 'paddle') return (await import('./paddle')).paddleBackend();
  return (await import('./pool')).poolBackend();
}

function current(): Promise<OcrBackend> {
  if (!backend) {
    backend = load(chooseOcrEngine());
    backend.catch(() => {
      backend = null;
    });
  }
  return backend;
}

/** The engine this process uses (chosen on first use). */
export async function ocrEngine(): Promise<OcrEngineName> {
  return (await current()).name;
}

export async function recognizeWords(req: RecognizeRequest): Promise<OcrWord[]> {
  return (await current()).recognize(req);
}

/** Terminates the OCR workers (tests, server shutdown, end of a CLI run). Safe to call any time. */
export async function shutdownOcr(): Promise<void> {
  const b = backend;
  backend = null;
  if (b) await (await b.catch(() => null))?.shutdown();
}
