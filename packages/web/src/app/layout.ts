/**
 * Page widths. The working screens (upload, vault, review) use the screen's width up to 120rem, so
 * a statement's grid and its page sit side by side; reading pages stay at 6xl. The header follows
 * the page it is over, so its logo and menu line up with the content.
 */
export const WIDE = 'max-w-[120rem]';
export const READING = 'max-w-6xl';

const WIDE_PATHS = new Set(['/upload', '/dashboard', '/review']);

export function pageWidth(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return WIDE_PATHS.has(path) ? WIDE : READING;
}
