import { main } from './main';

// For the speed bench: peak memory of the whole process, reported on exit.
if (process.env.STATEMINT_REPORT_RESOURCES) {
  process.on('exit', () => process.stderr.write(`statemint: maxRSS=${process.resourceUsage().maxRSS}\n`));
}

// PDF.js parses a PDF's pages in a thread of its own while this one reads them into lines
// (readers/pdfjs.ts); STATEMINT_PDF_THREAD=0 parses them here.
process.env.STATEMINT_PDF_THREAD ??= '1';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`statemint: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
