/** Images over this many pixels (per page) are refused before any pixel is decoded. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Pages of a multi-page TIFF that are read at most. */
export const MAX_IMAGE_PAGES = 100;
