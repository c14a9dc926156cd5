import { PRODUCT_NAME } from '@statemint/shared';
import { Link } from '../app/router';

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {PRODUCT_NAME}: bank statements to Excel, exactly
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Upload a PDF, scan or export and get every transaction back in a clean spreadsheet, reconciled against the
            statement's own balances.
          </p>
          <Link href="/upload" className="mt-8 inline-block rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white">
            Convert a Statement
          </Link>
        </div>
      </section>
      <section id="features" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-2xl font-bold">Features</h2>
      </section>
      <section id="pricing" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-2xl font-bold">Pricing</h2>
      </section>
      <section id="security" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-2xl font-bold">Security</h2>
      </section>
    </>
  );
}
