/**
 * One process-wide pool of tesseract.js workers, sized to the machine's cores, created lazily
 * and reused across pages and documents. Language data comes from the @tesseract.js-data npm
 * packages and is handed to the workers as bytes, so nothing is ever fetched.
 */
import { existsSync, mkdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AppError } from '@statemint/shared';
import { createWorker, OEM, type PSM, type Worker } from 'tesseract.js';

export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'spa', 'por'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..100 as tesseract reports it. */
  confidence: number;
  /** Index of the text line tesseract put the word in (its lines follow skew and curvature). */
  line?: number;
}

export interface RecognizeRequest {
  /** An encoded image tesseract can read (PGM from prepare.ts, or PNG). */
  image: Buffer;
  langs: readonly OcrLanguage[];
  /** Page segmentation mode; 6 (one uniform block) keeps table rows together. */
  psm?: number;
  deadline: number;
}

interface Job extends RecognizeRequest {
  resolve: (words: OcrWord[]) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker | null;
  langs: string;
  busy: boolean;
}

const require = createRequire(import.meta.url);

/**
 * tesseract.js reads every language from one folder (`${langPath}/${lang}.traineddata.gz`), but
 * each npm package has its own; a folder of symlinks to them joins them. (Passing the data as
 * bytes, which tesseract.js also offers, is broken in 7.0.0: it initialises with the bytes as names.)
 */
let langDir: string | null = null;
function languageDir(): string {
  if (langDir) return langDir;
  const dir = join(tmpdir(), `statemint-tessdata-${process.getuid?.() ?? 'user'}`);
  mkdirSync(dir, { recursive: true });
  for (const lang of OCR_LANGUAGES) {
    const file = `${lang}.traineddata.gz`;
    const target = join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int', file);
    const link = join(dir, file);
    if (existsSync(link) && realpathSync(link) === realpathSync(target)) continue;
    rmSync(link, { force: true });
    try {
      symlinkSync(target, link);
    } catch (e) {
      // Another process made it at the same moment.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  langDir = dir;
  return dir;
}

const langKey = (langs: readonly OcrLanguage[]) => [...langs].join('+');

/** Idle workers are terminated after this long, giving their memory (~300 MB each) back. */
const IDLE_MS = 60_000;

/**
 * Idle workers must not keep the process alive (a CLI run ends when its work is done), busy
 * ones must (a pending promise alone does not). tesseract.js exposes its worker_thread as `worker`.
 */
function holdProcess(w: Worker | null, hold: boolean): void {
  const thread = (w as unknown as { worker?: { ref?: () => void; unref?: () => void } } | null)?.worker;
  if (hold) thread?.ref?.();
  else thread?.unref?.();
}

class OcrPool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  readonly size: number;

  constructor(size: number) {
    this.size = Math.max(1, size);
  }

  recognize(req: RecognizeRequest): Promise<OcrWord[]> {
    return new Promise<OcrWord[]>((resolve, reject) => {
      this.queue.push({ ...req, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    while (this.queue.length) {
      const job = this.queue[0] as Job;
      const key = langKey(job.langs);
      let slot = this.slots.find((s) => !s.busy && s.langs === key);
      if (!slot && this.slots.length < this.size) {
        slot = { worker: null, langs: key, busy: false };
        this.slots.push(slot);
      }
      slot ??= this.slots.find((s) => !s.busy);
      if (!slot) return;
      this.queue.shift();
      void this.run(slot, job);
    }
    if (this.slots.length && this.slots.every((s) => !s.busy)) {
      this.idleTimer = setTimeout(() => void this.shutdown(), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private async run(slot: Slot, job: Job): Promise<void> {
    slot.busy = true;
    holdProcess(slot.worker, true);
    try {
      if (Date.now() > job.deadline) throw new AppError('TIMEOUT', 'The conversion took too long and was stopped.');
      const key = langKey(job.langs);
      if (!slot.worker) {
        slot.worker = await createWorker(key, OEM.LSTM_ONLY, {
          cacheMethod: 'none',
          gzip: true,
          langPath: languageDir(),
          // Without a handler tesseract.js throws worker errors as uncaught exceptions;
          // the failing call's promise rejects with the same error, and that is handled here.
          errorHandler: () => undefined,
        });
        slot.langs = key;
      } else if (slot.langs !== key) {
        await slot.worker.reinitialize(key, OEM.LSTM_ONLY);
        slot.langs = key;
      }
      await slot.worker.setParameters({
        tessedit_pageseg_mode: String(job.psm ?? 6) as PSM,
        preserve_interword_spaces: '1',
        // Light-on-dark bands are inverted during preparation (prepare.ts); tesseract's own
        // retry of every line inverted costs about a fifth of the time.
        tessedit_do_invert: '0',
        // A PGM carries no resolution; pages are prepared to scan-sized text (prepare.ts).
        user_defined_dpi: '300',
        // Tesseract's own warnings ("Line cannot be recognized!!") would reach the user's stderr.
        debug_file: '/dev/null',
      });
      const result = await slot.worker.recognize(job.image, {}, { blocks: true, text: false });
      job.resolve(collectWords(result.data.blocks));
    } catch (e) {
      // A worker that failed may be in a bad state: drop it, the next job makes a new one.
      const w = slot.worker;
      slot.worker = null;
      if (w && !(e instanceof AppError)) void w.terminate().catch(() => undefined);
      else if (w) slot.worker = w;
      job.reject(
        e instanceof AppError ? e : new AppError('UNREADABLE_FILE', 'The image could not be read.', { cause: e }),
      );
    } finally {
      slot.busy = false;
      holdProcess(slot.worker, false);
      this.dispatch();
    }
  }

  async shutdown(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const workers = this.slots.map((s) => s.worker).filter((w): w is Worker => w !== null);
    for (const s of this.slots) s.worker = null;
    this.slots = [];
    for (const job of this.queue.splice(0)) job.reject(new AppError('CONVERSION_FAILED', 'OCR was shut down.'));
    await Promise.all(workers.map((w) => w.terminate().catch(() => undefined)));
  }
}

interface BlockLike {
  paragraphs: {
    lines: {
      words: { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }[];
    }[];
  }[];
}

function collectWords(blocks: BlockLike[] | null): OcrWord[] {
  const words: OcrWord[] = [];
  let line = 0;
  for (const b of blocks ?? [])
    for (const p of b.paragraphs)
      for (const l of p.lines) {
        for (const w of l.words) {
          const text = w.text.trim();
          if (text) words.push({ text, ...w.bbox, confidence: w.confidence, line });
        }
        line++;
      }
  return words;
}

let pool: OcrPool | null = null;

/** Cores to use: all of them, but at least one (OCR_WORKERS overrides, e.g. for tests). */
export function ocrPoolSize(): number {
  const fromEnv = Number(process.env.OCR_WORKERS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : availableParallelism();
}

export function recognizeWords(req: RecognizeRequest): Promise<OcrWord[]> {
  pool ??= new OcrPool(ocrPoolSize());
  return pool.recognize(req);
}

/** Terminates the OCR workers (tests, server shutdown, end of a CLI run). Safe to call any time. */
export async function shutdownOcr(): Promise<void> {
  const p = pool;
  pool = null;
  if (p) await p.shutdown();
}
