/** SPEC §2 pricing cards, every figure from the shared plan constants. */
import { formatPrice, LIMITS, PLAN_LIMITS, PRICES_CENTS } from '@statemint/shared';
import type { ReactNode } from 'react';
import { useModals } from '../app/modals';
import { Link } from '../app/router';
import { buttonClass } from './ui';

function perFile(cents: number, files: number): string {
  const dollars = cents / 100 / files;
  return `$${dollars < 0.01 ? dollars.toFixed(4) : dollars.toFixed(2)}`;
}

function Card({
  name,
  price,
  period,
  features,
  action,
  highlight = false,
}: {
  name: string;
  price: string;
  period: string;
  features: string[];
  action: ReactNode;
  highlight?: boolean;
}) {
  return (
    <article
      aria-label={name}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        highlight ? 'border-brand-500 ring-2 ring-brand-500' : 'border-slate-200'
      }`}
    >
      {highlight && (
        <p className="mb-2 w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
          Most popular
        </p>
      )}
      <h3 className="text-lg font-bold">{name}</h3>
      <p className="mt-3">
        <span className="text-4xl font-extrabold tracking-tight">{price}</span>
        <span className="text-sm text-slate-500"> {period}</span>
      </p>
      <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-700">
        {features.map((f) => (
          <li key={f} className="flex gap-2">
            <svg aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" viewBox="0 0 20 20" fill="currentColor">
              <path d="M7.7 13.3L4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
            </svg>
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}

export function PricingCards() {
  const { openCheckout } = useModals();
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      <Card
        name="Free Trial"
        price="$0"
        period=""
        features={[
          `1 conversion every ${LIMITS.freeTrialWindowHours} hours per device or location`,
          'No signup; e-mail needed for tracking',
          `Files expire after ${LIMITS.anonymousFileLifeHours} hour`,
          'Excel, CSV and JSON downloads',
          'Geographic restrictions apply',
        ]}
        action={
          <Link href="/upload" className={`${buttonClass('secondary')} w-full`}>
            Try Free
          </Link>
        }
      />
      <Card
        name="Pay-As-You-Go"
        price={formatPrice(PRICES_CENTS.payasyougo)}
        period="per file"
        features={[
          'No signup',
          `Files kept ${LIMITS.anonymousFileLifeHours} hour`,
          'Card payment',
          'E-mail needed for your receipt',
        ]}
        action={
          <button
            type="button"
            className={`${buttonClass('secondary')} w-full`}
            onClick={() => openCheckout({ kind: 'payasyougo' })}
          >
            Pay Per File
          </button>
        }
      />
      <Card
        highlight
        name="Pro Monthly"
        price={formatPrice(PRICES_CENTS.pro)}
        period="per month"
        features={[
          `${PLAN_LIMITS.pro.uploads} files per month (about ${perFile(PRICES_CENTS.pro, PLAN_LIMITS.pro.uploads)} per file)`,
          `Up to ${LIMITS.defaultRetentionDays} days of secure storage`,
          'Dashboard and file management',
          'Priority e-mail support',
        ]}
        action={
          <button
            type="button"
            className={`${buttonClass('primary')} w-full`}
            onClick={() => openCheckout({ kind: 'pro' })}
          >
            Get Pro
          </button>
        }
      />
      <Card
        name="Business"
        price={formatPrice(PRICES_CENTS.business)}
        period="per month"
        features={[
          `${PLAN_LIMITS.business.uploads.toLocaleString('en-US')} files per month (about ${perFile(PRICES_CENTS.business, PLAN_LIMITS.business.uploads)} per file)`,
          'Dedicated account manager',
          'Priority support',
          'Unlimited restores from the vault',
        ]}
        action={
          <button
            type="button"
            className={`${buttonClass('secondary')} w-full`}
            onClick={() => openCheckout({ kind: 'business' })}
          >
            Get Business
          </button>
        }
      />
    </div>
  );
}
