/**
 * One input of a batch at a time, and whatever goes wrong while it converts stays in its result.
 *
 * A library may fail outside the promise the engine awaits: PDF.js, when a drawing error meets
 * its own clean-up, rejects a promise nobody holds (an unhandled rejection ends a Node process)
 * and leaves the render promise pending forever (a process with nothing else to do just exits).
 * Either way every later input of the batch would get no output. So while an input converts, an
 * error that escapes is that input's failure, and a watchdog ends an input that never settles.
 *
 * PDF.js's cancellation notices (AbortException, RenderingCancelledException) are never a cause:
 * they follow a document being closed, after a failure that was already reported, possibly while
 * the next input converts. They are ignored.
 */

interface Running {
  fail: (reason: unknown) => void;
}

let running: Running | null = null;
let installed = false;

const CANCELLATIONS = new Set(['AbortException', 'RenderingCancelledException']);

/** True for PDF.js's notices that a task was cancelled. */
export function isCancellation(reason: unknown): boolean {
  return CANCELLATIONS.has((reason as { name?: unknown } | null)?.name as string);
}

function onStray(reason: unknown): void {
  if (isCancellation(reason)) return;
  if (running) running.fail(reason);
  else process.stderr.write(`statemint: an error outside any input: ${(reason as Error)?.message ?? String(reason)}\n`);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', onStray);
  process.on('uncaughtException', onStray);
}

/**
 * Runs `work`, the conversion of one input: its result, or its error, or the first error that
 * escapes while it runs, or `onTimeout()` after `limitMs`. Calls must not overlap.
 */
export async function isolated<T>(work: () => Promise<T>, limitMs: number, onTimeout: () => Error): Promise<T> {
  install();
  if (running) throw new Error('isolated() runs one input at a time');
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      running = { fail: reject };
      // The timer also keeps the process alive while a conversion waits on a promise that never settles.
      timer = setTimeout(() => reject(onTimeout()), limitMs);
      work().then(resolve, reject);
    });
  } finally {
    running = null;
    clearTimeout(timer);
  }
}
