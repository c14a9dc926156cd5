/**
 * Whether the command line parses PDFs in a thread of their own (readers/pdfjs.ts), unless
 * STATEMINT_PDF_THREAD says. The thread turns a free core into a shorter conversion: PDF.js reads
 * the next pages while this thread turns the pages before into lines. It costs CPU all the same
 * (its start, and every page's text sent between the threads), so on a machine whose cores are all
 * busy with other work it only makes the conversion longer. Measured at a load of 11 to 12 on 2
 * cores, 8 runs each way: a one-page statement 1.92 s with it and 1.62 s without (0.85 and 0.71
 * CPU s), a four-page one 2.87 s and 2.35 s (1.31 and 1.14 CPU s); the 100-page one 3.57 and 3.54
 * CPU s at best of 3 (its wall time, 7.9 to 10 s, moved more with the load than with the mode).
 * It is used where a core is free: the load average of the last minute below the cores less one.
 */
export function parseInThread(loadAverage: number, cores: number): boolean {
  return loadAverage < cores - 1;
}
