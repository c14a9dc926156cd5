/**
 * The `tesseract` command as an OCR backend: one process per page (OMP_THREAD_LIMIT=1, so one
 * core each), at most one per core at a time, the prepared image on stdin and TSV (words with
 * boxes, confidences, block/paragraph/line numbers) on stdout. Native code reads a page in about
 * half the time tesseract.js's WebAssembly takes, with the same models and settings.
 */
import { spawn } from 'node:child_process';
import { AppError } from '@statemint/shared';
import { type OcrBackend, type OcrWord, ocrPoolSize, type RecognizeRequest, TESSERACT_PARAMETERS } from './backend';
import { chooseOcrModels, languageData } from './models';
import { Slots } from './slots';

export function cliBackend(): OcrBackend {
  const slots = new Slots(ocrPoolSize());
  const running = new Set<ReturnType<typeof spawn>>();
  const models = chooseOcrModels();
  let closed = false;
  return {
    name: 'tesseract',
    async recognize(req) {
      await slots.take();
      try {
        if (closed) throw new AppError('CONVERSION_FAILED', 'OCR was shut down.');
        return await runTesseract(req, languageData(models, false).dir, running);
      } finally {
        slots.give();
      }
    },
    async shutdown() {
      closed = true;
      for (const p of running) p.kill('SIGKILL');
    },
  };
}

function runTesseract(
  req: RecognizeRequest,
  tessdata: string,
  running: Set<ReturnType<typeof spawn>>,
): Promise<OcrWord[]> {
  const timeLeft = req.deadline - Date.now();
  if (timeLeft <= 0) return Promise.reject(timeout());
  const args = ['stdin', 'stdout', '--tessdata-dir', tessdata, '-l', req.langs.join('+'), '--oem', '1'];
  args.push('--psm', String(req.psm ?? 6), '-c', 'tessedit_create_tsv=1');
  for (const [k, v] of Object.entries(TESSERACT_PARAMETERS)) args.push('-c', `${k}=${v}`);
  return new Promise<OcrWord[]>((resolve, reject) => {
    const p = spawn('tesseract', args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    running.add(p);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      p.kill('SIGKILL');
    }, timeLeft);
    p.stdout.on('data', (c: Buffer) => out.push(c));
    p.stderr.on('data', (c: Buffer) => err.push(c));
    // The process may exit before reading all of stdin (a bad image): that is reported by its exit.
    p.stdin.on('error', () => undefined);
    p.stdin.end(req.image);
    p.on('error', (e) => {
      clearTimeout(timer);
      running.delete(p);
      reject(new AppError('CONVERSION_FAILED', 'The tesseract command could not be run.', { cause: e }));
    });
    p.on('close', (code) => {
      clearTimeout(timer);
      running.delete(p);
      if (timedOut) return reject(timeout());
      if (code !== 0) {
        const message = Buffer.concat(err).toString('utf8').trim().slice(-500);
        return reject(new AppError('UNREADABLE_FILE', 'The image could not be read.', { cause: new Error(message) }));
      }
      resolve(parseTsv(Buffer.concat(out).toString('utf8')));
    });
  });
}

const timeout = () => new AppError('TIMEOUT', 'The conversion took too long and was stopped.');

/**
 * Tesseract's TSV: level, page, block, paragraph, line, word, left, top, width, height,
 * confidence, text. Words are level 5; a line is numbered by its (block, paragraph, line).
 */
export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  const lineIds = new Map<string, number>();
  for (const row of tsv.split('\n')) {
    const f = row.split('\t');
    if (f[0] !== '5' || f.length < 12) continue;
    const text = f.slice(11).join('\t').trim();
    if (!text) continue;
    const [left, top, width, height, conf] = f.slice(6, 11).map(Number) as [number, number, number, number, number];
    const key = `${f[2]}.${f[3]}.${f[4]}`;
    let line = lineIds.get(key);
    if (line === undefined) {
      line = lineIds.size;
      lineIds.set(key, line);
    }
    words.push({ text, x0: left, y0: top, x1: left + width, y1: top + height, confidence: Math.max(0, conf), line });
  }
  return words;
}
