/**
 * SPEC §9: an advertising (conversion-tracking) event fires when a checkout starts, worth the
 * plan's price in USD. It goes onto `window.dataLayer`, the tag-manager convention: nothing
 * leaves the browser unless the site's operator adds a tag manager that reads it.
 */
import { CURRENCY, type PaymentType, PRICES_CENTS } from '@statemint/shared';

export interface CheckoutStartEvent {
  event: 'begin_checkout';
  plan: PaymentType;
  value: number;
  currency: string;
}

export function checkoutStartEvent(plan: PaymentType): CheckoutStartEvent {
  return { event: 'begin_checkout', plan, value: PRICES_CENTS[plan] / 100, currency: CURRENCY };
}

export function trackCheckoutStart(plan: PaymentType, target: { dataLayer?: unknown[] } = window as never): void {
  target.dataLayer ??= [];
  target.dataLayer.push(checkoutStartEvent(plan));
}
