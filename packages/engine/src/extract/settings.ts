/**
 * Every tolerance of the extraction pipeline in one place (as pdfplumber's table settings).
 * Distances are in multiples of the text size unless said otherwise, so they hold for PDF
 * points, OCR pixels and the synthetic grids of spreadsheets alike.
 */
export const SETTINGS = {
  table: {
    /** A seed line has its date in the left part of the page: at most this share of the width in. */
    seedDateMaxX: 0.6,
    /** Lines further apart than this many typical line pitches end a table region. */
    regionGap: 3.2,
    /** A region takes in lines above its first row and below its last row this close (pitches). */
    extendGap: 2.2,
    /** Text-only lines in a row below the last dated row that a region may still take in. */
    maxTrailingTextLines: 6,
    /** A header line sits at most this many pitches above the first row. */
    headerGap: 3.2,
    /** Stacked header lines (wrapped labels) are at most this many sizes apart. */
    headerStackGap: 0.45,
    /** ... and at most this share of the table's line pitch apart. */
    headerStackPitch: 0.45,
    /** A column gap: x positions covered by at most this share of the region's lines. */
    columnNoise: 0.03,
    /** A label is placed in the nearest column within this many sizes when it overlaps none. */
    labelReach: 2.5,
    /** A column's kind is the token kind of at least this share of its cells. */
    kindShare: 0.6,
  },
  rows: {
    /** Gaps between lines of one table cluster in two when they differ by at least this ratio. */
    gapRatio: 1.04,
    /** ... and by at least this many sizes (PDF text is placed exactly; OCR boxes jitter by a tenth of a line). */
    gapMin: { pdf: 0.05, ocr: 0.1, grid: 0.5, text: 0.5 },
    /** A share of row separations that must follow the gap clusters for the table to use them. */
    gapAgreement: 0.8,
    /** OCR: row breaks at least this much wider than every gap inside a row outweigh the table's direction. */
    clearGapRatio: 1.25,
    /** OCR: row breaks and gaps inside rows whose values run into each other differ by this ratio (medians). */
    jitteredGapRatio: 1.15,
  },
  ledger: {
    /** A reading of the money columns must fill at least this share of rows with an amount. */
    minCoverage: 0.6,
  },
} as const;
