/** SPEC §2: the web app's routes. The server answers others with 404 and the 'Page Not Found' page. */
export const WEB_ROUTES = [
  '/',
  '/bank-statement-converter',
  '/upload',
  '/dashboard',
  '/verify-email',
  '/reset-password',
  // An e-mailed login link: /login-link?token=<token>.
  '/login-link',
  '/privacy',
  '/terms',
  '/blog',
  '/pricing',
  '/settings',
  '/docs/api',
  // A file's result (review and downloads): /review?file=<id>; the pay-per-file receipt links here.
  '/review',
] as const;

export function isWebRoute(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (WEB_ROUTES as readonly string[]).includes(p);
}
