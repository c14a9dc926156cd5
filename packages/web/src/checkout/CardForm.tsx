/** Picks the card form: Stripe Elements when a publishable key is configured, else the test-mode form. */

import type { ConfirmPaymentResponse } from '@statemint/shared';
import { lazy, Suspense } from 'react';
import { usePublicConfigState } from '../app/config';
import { Spinner } from '../components/ui';
import type { PaymentRequest } from './payment';

export interface CardFormProps {
  request: Omit<PaymentRequest, 'token'>;
  token: string | null;
  onPaid: (result: ConfirmPaymentResponse & { paymentIntentId: string }) => void;
}

const StripeCardForm = lazy(() => import('./StripeCardForm'));
const TestModeCardForm = lazy(() => import('./TestModeCardForm'));

export function CardForm(props: CardFormProps) {
  // Wait for the config: the card form depends on whether Stripe is configured.
  const { config, ready } = usePublicConfigState();
  if (!ready) return <Spinner label="Loading payment form" />;
  return (
    <Suspense fallback={<Spinner label="Loading payment form" />}>
      {config.stripePublishableKey ? (
        <StripeCardForm {...props} publishableKey={config.stripePublishableKey} />
      ) : (
        <TestModeCardForm {...props} />
      )}
    </Suspense>
  );
}
