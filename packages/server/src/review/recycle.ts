/**
 * Statements (JSON bytes, or rows for a split) from which a request's thread is ended once it has
 * answered (ReviewWorker): writing every format of 49,000 rows left the thread holding its garbage,
 * and the server's RSS before each download climbed to 620-750 MB; the next download then peaked
 * over 800 MB. A fresh thread for the next request costs less than a second next to such a request.
 */
export const RECYCLE_JSON_BYTES = 4 * 1024 * 1024;
export const RECYCLE_ROWS = 15_000;
