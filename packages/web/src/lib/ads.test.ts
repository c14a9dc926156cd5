import { describe, expect, it } from 'vitest';
import { checkoutStartEvent, trackCheckoutStart } from './ads';

describe('checkout-start advertising events (SPEC §9)', () => {
  it('are worth 35, 100 and 1.49 USD', () => {
    expect(checkoutStartEvent('pro')).toEqual({ event: 'begin_checkout', plan: 'pro', value: 35, currency: 'USD' });
    expect(checkoutStartEvent('business')).toMatchObject({ value: 100, currency: 'USD' });
    expect(checkoutStartEvent('payasyougo')).toMatchObject({ value: 1.49, currency: 'USD' });
  });

  it('go onto the dataLayer, created when missing', () => {
    const target: { dataLayer?: unknown[] } = {};
    trackCheckoutStart('business', target);
    trackCheckoutStart('payasyougo', target);
    expect(target.dataLayer).toEqual([checkoutStartEvent('business'), checkoutStartEvent('payasyougo')]);
  });
});
