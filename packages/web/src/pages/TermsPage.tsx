import { formatPrice, LIMITS, PLAN_LIMITS, PRICES_CENTS, PRODUCT_NAME } from '@statemint/shared';
import { usePublicConfig } from '../app/config';
import { LEGAL_DATE, StaticPage } from './StaticPage';

export default function TermsPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <StaticPage title="Terms of Service" subtitle={`Last updated: ${LEGAL_DATE}`}>
      <p>
        By using {PRODUCT_NAME} you agree to these terms. You must be at least {LIMITS.minimumAge} years old.
      </p>
      <h2>Plans and prices</h2>
      <ul>
        <li>
          Free trial: 1 conversion every {LIMITS.freeTrialWindowHours} hours per device or location; availability may be
          limited by location.
        </li>
        <li>Pay-as-you-go: {formatPrice(PRICES_CENTS.payasyougo)} per file.</li>
        <li>
          Pro: {formatPrice(PRICES_CENTS.pro)} per month for {PLAN_LIMITS.pro.uploads} files per month.
        </li>
        <li>
          Business: {formatPrice(PRICES_CENTS.business)} per month for{' '}
          {PLAN_LIMITS.business.uploads.toLocaleString('en-US')} files per month.
        </li>
      </ul>
      <p>
        Price changes are announced at least {LIMITS.priceChangeNoticeDays} days in advance. Purchases are
        non-refundable, except that subscriptions carry a {LIMITS.moneyBackDays}-day money-back guarantee. You may
        cancel anytime; access continues to the end of the billing period.
      </p>
      <h2>Your files</h2>
      <p>
        You keep all rights to your statements. You must have the right to upload them. We process them only to convert
        them for you and delete them as our Privacy Policy describes.
      </p>
      <h2>Accuracy</h2>
      <p>
        Conversions are checked against the statement's balances and the result is shown with each file. Please review
        converted data before relying on it.
      </p>
      <h2>Contact</h2>
      <p>
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
    </StaticPage>
  );
}
