/**
 * The tesseract.js backend: one process-wide pool of workers, sized to the machine's cores,
 * created lazily and reused across pages and documents. Language data is read from local files
 * (models.ts), so nothing is ever fetched.
 */
import { AppError } from '@statemint/shared';
import { createWorker, OEM, type PSM, type Worker } from 'tesseract.js';
import {
  type OcrBackend,
  type OcrLanguage,
  type OcrWord,
  ocrPoolSize,
  type RecognizeRequest,
  TESSERACT_PARAMETERS,
} from './backend';
import { chooseOcrModels, type LanguageData, languageData } from './models';

interface Job extends RecognizeRequest {
  resolve: (words: OcrWord[]) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker | null;
  langs: string;
  busy: boolean;
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
  private readonly data: LanguageData;

  constructor(size: number, data: LanguageData) {
    this.size = Math.max(1, size);
    this.data = data;
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
          gzip: this.data.gzip,
          langPath: this.data.dir,
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
        ...TESSERACT_PARAMETERS,
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

export function poolBackend(): OcrBackend {
  const pool = new OcrPool(ocrPoolSize(), languageData(chooseOcrModels(), true));
  return {
    name: 'tesseract.js',
    recognize: (req) => pool.recognize(req),
    shutdown: () => pool.shutdown(),
  };
}
