import { availableParallelism, loadavg } from 'node:os';
import { startParserThread } from '../readers/pdfjs';
import { parseInThread } from './pdf-thread';

// For the speed bench: peak memory of the whole process, reported on exit.
if (process.env.STATEMINT_REPORT_RESOURCES) {
  process.on('exit', () => process.stderr.write(`statemint: maxRSS=${process.resourceUsage().maxRSS}\n`));
}

// PDF.js parses a PDF's pages in a thread of its own while this one reads them into lines
// (readers/pdfjs.ts), where a core is free for it (pdf-thread.ts); STATEMINT_PDF_THREAD=0 parses
// them here, =1 there.
process.env.STATEMINT_PDF_THREAD ??= parseInThread(loadavg()[0] ?? 0, availableParallelism()) ? '1' : '0';
// Given a PDF, the parser thread starts now and loads PDF.js while this thread loads the engine.
const [command, ...args] = process.argv.slice(2);
if (process.env.STATEMINT_PDF_THREAD === '1' && command === 'convert' && args.some((a) => /\.pdf$/i.test(a)))
  startParserThread();
const { main } = await import('./main');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`statemint: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
