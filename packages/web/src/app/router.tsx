/** A small client-side router for SPEC §2's routes. */
import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
function subscribe(fn: () => void) {
  listeners.add(fn);
  window.addEventListener('popstate', fn);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('popstate', fn);
  };
}
const getLocation = () => window.location.pathname + window.location.search + window.location.hash;

/**
 * A screen with unsaved work (the review's edits) asks before the app navigates away: the guard
 * returns true when it took over (it shows its own dialog and navigates later with `force`).
 */
const leaveGuards = new Set<(to: string) => boolean>();
/** Adds a guard (several screens can hold unsaved work at once); returns its removal. */
export function addLeaveGuard(guard: (to: string) => boolean): () => void {
  leaveGuards.add(guard);
  return () => leaveGuards.delete(guard);
}

export function navigate(to: string, options: { replace?: boolean; force?: boolean } = {}) {
  if (!options.force) for (const guard of leaveGuards) if (guard(to)) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  for (const fn of listeners) fn();
  const hash = to.split('#')[1];
  if (hash) setTimeout(() => document.getElementById(hash)?.scrollIntoView({ behavior: 'smooth' }), 0);
  else window.scrollTo(0, 0);
}

export function useLocation(): { pathname: string; search: URLSearchParams; hash: string } {
  const href = useSyncExternalStore(subscribe, getLocation, () => '/');
  const url = new URL(href, 'http://x');
  return { pathname: url.pathname, search: url.searchParams, hash: url.hash };
}

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        if (!href.startsWith('/')) return;
        e.preventDefault();
        navigate(href);
      }}
      {...rest}
    />
  );
}

/** Scrolls to the URL's hash once the page with the anchor has rendered. */
export function useHashScroll(hash: string) {
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
}
