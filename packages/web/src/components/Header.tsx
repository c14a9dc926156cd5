/** SPEC §2 shared header: links, the user dropdown or Login, and the small-screen menu (no Blog there). */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { PRODUCT_NAME } from '@statemint/shared';
import { useState } from 'react';
import { pageWidth } from '../app/layout';
import { useModals } from '../app/modals';
import { Link, navigate, useLocation } from '../app/router';
import { useSession } from '../app/session';
import { buttonClass } from './ui';

const NAV = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Blog', href: '/blog' },
  { label: 'Security', href: '/#security' },
];

export function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 text-lg font-bold text-ink">
      <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M5 12l4 4 10-10" />
        </svg>
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}

export function Header() {
  const [open, setOpen] = useState(false);
  const { user, logout } = useSession();
  const { openLogin } = useModals();
  const displayName = user ? user.name || user.email : '';
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className={`mx-auto flex h-16 items-center justify-between px-4 ${pageWidth(pathname)}`}>
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {NAV.map((item) => (
            <Link key={item.label} href={item.href} className="text-sm font-medium text-slate-600 hover:text-ink">
              {item.label}
            </Link>
          ))}
          {user ? (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger
                className="inline-flex max-w-[14rem] items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
                data-testid="user-menu"
              >
                <span className="truncate">{displayName}</span>
                <svg
                  aria-hidden
                  width="12"
                  height="12"
                  viewBox="0 0 12 12"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M3 4.5l3 3 3-3" />
                </svg>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={6}
                  className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
                >
                  <DropdownMenu.Item
                    className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                    onSelect={() => navigate('/dashboard')}
                  >
                    Dashboard
                  </DropdownMenu.Item>
                  <DropdownMenu.Item
                    className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                    onSelect={() => navigate('/settings')}
                  >
                    Settings
                  </DropdownMenu.Item>
                  <DropdownMenu.Item
                    className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                    onSelect={() => logout()}
                  >
                    Logout
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : (
            <button type="button" className={buttonClass('primary')} onClick={() => openLogin()}>
              Login
            </button>
          )}
        </nav>
        <button
          type="button"
          className="rounded-md p-2 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="sr-only">Menu</span>
          <svg aria-hidden width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
        </button>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 px-4 py-3 md:hidden">
          {NAV.filter((i) => i.label !== 'Blog').map((item) => (
            <Link
              key={item.label}
              href={item.href}
              className="block py-2 text-slate-700"
              onClick={() => setOpen(false)}
            >
              {item.label}
            </Link>
          ))}
          {user ? (
            <>
              <Link href="/dashboard" className="block py-2 text-slate-700" onClick={() => setOpen(false)}>
                Dashboard
              </Link>
              <Link href="/settings" className="block py-2 text-slate-700" onClick={() => setOpen(false)}>
                Settings
              </Link>
              <button
                type="button"
                className="block w-full py-2 text-left text-slate-700"
                onClick={() => {
                  setOpen(false);
                  logout();
                }}
              >
                Logout
              </button>
            </>
          ) : (
            <button
              type="button"
              className={`${buttonClass('primary')} mt-2 w-full`}
              onClick={() => {
                setOpen(false);
                openLogin();
              }}
            >
              Login
            </button>
          )}
        </nav>
      )}
    </header>
  );
}
