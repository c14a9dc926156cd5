/** Stripe Elements card form, used when the server publishes a Stripe key. Loaded only then. */
import { formatPrice, paymentAmount } from '@statemint/shared';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/ui';
import { paymentPrecondition } from '../lib/validate';
import type { CardFormProps } from './CardForm';
import { PaymentError, pay } from './payment';

const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string) {
  let p = stripePromises.get(key);
  if (!p) {
    p = loadStripe(key).catch(() => null);
    stripePromises.set(key, p);
  }
  return p;
}

function Inner({ request, token, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = paymentPrecondition({
      providerReady: Boolean(stripe && elements),
      subscription: request.type !== 'payasyougo',
      loggedIn: token !== null,
      hasRegistrationData: request.registrationData !== undefined,
      cardComplete: complete,
    });
    setError(problem);
    if (problem || !stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) {
      setError('Card element not found');
      return;
    }
    setProcessing(true);
    try {
      const result = await pay({ ...request, token }, async (clientSecret) => {
        const r = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
        if (r.error) throw new PaymentError(r.error.message ?? 'Payment failed');
      });
      onPaid(result);
    } catch (err) {
      setError(err instanceof PaymentError ? err.message : 'Payment failed');
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Card payment">
      <div className="rounded-lg border border-slate-300 px-3 py-3">
        <CardElement
          options={{ hidePostalCode: true }}
          onChange={(ev) => {
            setComplete(ev.complete);
            setError(ev.error?.message ?? null);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" size="lg" disabled={processing} aria-disabled={!complete || !stripe}>
        {processing ? 'Processing…' : `Pay ${formatPrice(paymentAmount(request.type, request.files))}`}
      </Button>
    </form>
  );
}

export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <Inner {...props} />
    </Elements>
  );
}
