import { PRODUCT_NAME } from '@statemint/shared';
import { usePublicConfig } from '../app/config';
import { Link } from '../app/router';

export function Footer() {
  const { supportEmail } = usePublicConfig();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm text-slate-600">
            Convert bank statements to Excel and CSV with professional formatting and precision.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold">Product</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-600">
            <li>
              <Link href="/#features">Features</Link>
            </li>
            <li>
              <Link href="/#pricing">Pricing</Link>
            </li>
            <li>
              <Link href="/blog">Blog</Link>
            </li>
            <li>
              <Link href="/#security">Security</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold">Support</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-600">
            <li>
              <a href={`mailto:${supportEmail}`} className="hover:text-ink">
                {supportEmail}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold">Legal</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-600">
            <li>
              <Link href="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link href="/terms">Terms of Service</Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-500">
        © 2025 {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
