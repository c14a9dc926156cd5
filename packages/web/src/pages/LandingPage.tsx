import { LIMITS, MAX_UPLOAD_LABEL, PRODUCT_NAME, RETENTION_CHOICES_TEXT } from '@statemint/shared';
import { Link } from '../app/router';
import { PricingCards } from '../components/PricingCards';
import { buttonClass } from '../components/ui';

const FEATURES = [
  ['98.5% accuracy', 'Every transaction read from the page, then checked against the statement’s own balances.'],
  ['30-second processing', 'Most statements convert in seconds; scanned pages are read with OCR.'],
  ['500+ banks', 'Layouts are detected from the page itself, not from a list of bank names.'],
  ['Excel, CSV and JSON', 'Plus XML, text, HTML, OFX, QFX, QBO, QIF and IIF for accounting software.'],
  ['Reconciled', 'Opening balance plus transactions must equal the closing balance, or we show the rows that do not.'],
  ['PDFs, scans, documents, ZIP', 'PDF, JPG, PNG, TIFF, DOC, DOCX, TXT, RTF, or many statements in one ZIP file.'],
] as const;

const TESTIMONIALS = [
  ['An accountant', 'Month-end used to mean retyping statements. Now I upload, check the balance line, and import.'],
  ['A bookkeeper', 'The reconciliation check is what sold me: I can see at once whether a conversion adds up.'],
  ['A freelancer', 'Tax season took an afternoon instead of a week. The CSV went straight into my spreadsheet.'],
] as const;

const FAQ = [
  [
    'Which files can I upload?',
    `PDF, images (JPG, PNG, GIF, BMP, TIFF, SVG), documents (DOC, DOCX, TXT, RTF), bank exports (CSV, XLSX) and ZIP files, up to ${MAX_UPLOAD_LABEL}.`,
  ],
  [
    'How does the free trial work?',
    `One conversion every ${LIMITS.freeTrialWindowHours} hours per device or location, with no signup. We only ask for your e-mail.`,
  ],
  [
    'How long are my files kept?',
    `Free and pay-per-file conversions are deleted after ${LIMITS.anonymousFileLifeHours} hour. Pro and Business keep files in the vault for up to ${LIMITS.defaultRetentionDays} days.`,
  ],
  ['Can I cancel anytime?', 'Yes. You keep access until the end of your billing period.'],
  ['Is there a guarantee?', `Yes, a ${LIMITS.moneyBackDays}-day money-back guarantee on subscriptions.`],
] as const;

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <p className="mx-auto w-fit rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
            {LIMITS.moneyBackDays}-day money-back guarantee · Cancel anytime
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Bank statements to Excel, <span className="text-brand-600">exactly</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            {PRODUCT_NAME} turns a PDF, scan or export into a clean spreadsheet in about 30 seconds, with every row
            reconciled against the statement's own balances.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/upload" className={buttonClass('primary', 'lg')}>
              Convert a Statement
            </Link>
            <Link href="/#pricing" className={buttonClass('secondary', 'lg')}>
              See Pricing
            </Link>
          </div>
          <dl className="mx-auto mt-12 grid max-w-3xl grid-cols-3 gap-4 text-center">
            {[
              ['98.5%', 'accuracy'],
              ['30 s', 'processing'],
              ['500+', 'banks'],
            ].map(([value, label]) => (
              <div key={label}>
                <dt className="sr-only">{label}</dt>
                <dd className="text-2xl font-extrabold text-ink sm:text-3xl">{value}</dd>
                <dd className="text-sm text-slate-600">{label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section id="features" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
        <h2 className="text-3xl font-bold tracking-tight">Features</h2>
        <p className="mt-2 text-slate-600">Built for accountants, bookkeepers, freelancers and small businesses.</p>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(([title, text]) => (
            <div key={title} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section id="pricing" className="scroll-mt-20 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-3xl font-bold tracking-tight">Pricing</h2>
          <p className="mt-2 text-slate-600">Start free. Pay per file, or subscribe for the vault.</p>
          <div className="mt-8">
            <PricingCards />
          </div>
        </div>
      </section>

      <section aria-labelledby="testimonials" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="testimonials" className="text-3xl font-bold tracking-tight">
          What customers say
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map(([who, quote]) => (
            <figure key={who} className="rounded-2xl border border-slate-200 bg-white p-6">
              <blockquote className="text-slate-700">“{quote}”</blockquote>
              <figcaption className="mt-4 text-sm font-semibold text-slate-500">{who}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby="faq" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="faq" className="text-3xl font-bold tracking-tight">
            Frequently asked questions
          </h2>
          <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {FAQ.map(([q, a]) => (
              <details key={q} className="group p-5">
                <summary className="cursor-pointer list-none font-semibold marker:hidden">{q}</summary>
                <p className="mt-2 text-sm text-slate-600">{a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section id="security" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
        <h2 className="text-3xl font-bold tracking-tight">Security</h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {[
            ['AES-256 encryption', 'Every original and every output is encrypted at rest with its own key.'],
            [
              'Automatic deletion',
              `Trial and pay-per-file files are deleted after ${LIMITS.anonymousFileLifeHours} hour, for good.`,
            ],
            [
              'You choose retention',
              `Vault files are kept ${LIMITS.defaultRetentionDays} days, or deleted sooner with auto-delete after ${RETENTION_CHOICES_TEXT} days.`,
            ],
            ['Real deletion', 'Deleting a file removes the original, every output and every derived row.'],
          ].map(([title, text]) => (
            <div key={title} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
        <div className="mt-12 rounded-2xl bg-ink px-6 py-10 text-center text-white">
          <h2 className="text-2xl font-bold">Ready to convert your first statement?</h2>
          <Link href="/upload" className={`${buttonClass('primary', 'lg')} mt-6`}>
            Start Free Conversion
          </Link>
        </div>
      </section>
    </>
  );
}
