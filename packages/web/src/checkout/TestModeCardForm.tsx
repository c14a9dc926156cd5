/** DECISIONS.md: without Stripe keys the card step goes to the built-in test-mode provider; the form says so. */
import { formatPrice, paymentAmount, ROUTES } from '@statemint/shared';
import { type FormEvent, useState } from 'react';
import { callApi } from '../api/client';
import { Button, Field } from '../components/ui';
import { paymentPrecondition } from '../lib/validate';
import type { CardFormProps } from './CardForm';
import { PaymentError, pay } from './payment';
import { cardComplete, digits, formatCardNumber, formatExpiry, parseExpiry } from './testCard';

export default function TestModeCardForm({ request, token, onPaid }: CardFormProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const complete = cardComplete(card);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = paymentPrecondition({
      providerReady: true,
      subscription: request.type !== 'payasyougo',
      loggedIn: token !== null,
      hasRegistrationData: request.registrationData !== undefined,
      cardComplete: complete,
    });
    setError(problem);
    if (problem) return;
    setProcessing(true);
    try {
      const result = await pay({ ...request, token }, async (clientSecret) => {
        const expiry = parseExpiry(card.expiry);
        const res = await callApi(ROUTES.testModeConfirmCard, {
          body: {
            clientSecret,
            number: digits(card.number),
            expMonth: expiry?.month as number,
            expYear: expiry?.year as number,
            cvc: card.cvc,
          },
          auth: false,
        });
        if (res.status !== 'succeeded') throw new PaymentError('Payment failed');
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
      <div className="flex flex-col gap-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
        <span className="font-semibold">Test mode</span>
        <span>Use card 4242 4242 4242 4242, any future date, any CVC.</span>
      </div>
      <Field
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onChange={(e) => setCard((c) => ({ ...c, number: formatCardNumber(e.target.value) }))}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          onChange={(e) => setCard((c) => ({ ...c, expiry: formatExpiry(e.target.value) }))}
        />
        <Field
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          onChange={(e) => setCard((c) => ({ ...c, cvc: digits(e.target.value).slice(0, 4) }))}
        />
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" size="lg" disabled={processing} aria-disabled={!complete}>
        {processing ? 'Processing…' : `Pay ${formatPrice(paymentAmount(request.type, request.files))}`}
      </Button>
    </form>
  );
}
