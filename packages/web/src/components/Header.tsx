import { PRODUCT_NAME } from '@statemint/shared';
import { useState } from 'react';
import { Link } from '../app/router';

const NAV = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Blog', href: '/blog' },
  { label: 'Security', href: '/#security' },
];

export function Header() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-ink">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">
            S
          </span>
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {NAV.map((item) => (
            <Link key={item.label} href={item.href} className="text-sm font-medium text-slate-600 hover:text-ink">
              {item.label}
            </Link>
          ))}
          <button
            type="button"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Login
          </button>
        </nav>
        <button
          type="button"
          className="rounded-md p-2 md:hidden"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="sr-only">Menu</span>
          <svg aria-hidden width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
      </div>
      {open && (
        <nav aria-label="Mobile" className="border-t border-slate-200 px-4 py-3 md:hidden">
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
          <button type="button" className="mt-2 w-full rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
            Login
          </button>
        </nav>
      )}
    </header>
  );
}
