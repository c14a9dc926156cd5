import { MAX_UPLOAD_LABEL, PRODUCT_NAME } from '@statemint/shared';
import { Link } from '../app/router';
import { buttonClass } from '../components/ui';
import { StaticPage } from './StaticPage';

export default function BlogPage() {
  return (
    <StaticPage title="Blog" subtitle="Featured article">
      <h2>How to convert a bank statement PDF to Excel without retyping it</h2>
      <p>
        Bank statements arrive as PDFs made for printing, not for spreadsheets. Copying them by hand is slow, and a
        single mistyped amount throws off a whole reconciliation.
      </p>
      <p>
        {PRODUCT_NAME} reads the statement page by page, finds the transaction table, and writes each row with its Date,
        Description, Debit, Credit and Balance. It then adds the transactions to the opening balance and checks the
        result against the closing balance printed on the statement, so you know at once whether the conversion is
        complete.
      </p>
      <h2>Three steps</h2>
      <ul>
        <li>Upload your PDF, scan or ZIP file (up to {MAX_UPLOAD_LABEL}).</li>
        <li>Wait about 30 seconds while it is converted and reconciled.</li>
        <li>Download Excel, CSV or JSON, or a format for your accounting software.</li>
      </ul>
      <div className="mt-8 rounded-2xl bg-brand-50 p-6">
        <p className="font-semibold text-ink">Try it on your own statement: the first conversion is free.</p>
        <Link href="/upload" className={`${buttonClass('primary')} mt-4`}>
          Convert a Statement
        </Link>
      </div>
    </StaticPage>
  );
}
