/**
 * This browser's pay-as-you-go payments (issue 27, no lost money). A payment is a credit of
 * conversions the server keeps, bound to the payment and its e-mail; the browser keeps the pair
 * in localStorage, so a reload, a closed tab or a new one finds what is left of it
 * (POST /api/payments/credit). The receipt's link leads to the same place on any device.
 */
import { type PaymentCredit, ROUTES } from '@statemint/shared';
import { callApi } from '../api/client';
import { ApiError } from '../api/errors';

export interface StoredCredit {
  paymentIntentId: string;
  email: string;
}

const KEY = 'statemint.paygCredits';

export function storedCredits(): StoredCredit[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as StoredCredit[]) : [];
  } catch {
    return [];
  }
}

function write(list: StoredCredit[]): void {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage off: the receipt's link still finds the payment.
  }
}

export function rememberCredit(credit: StoredCredit): void {
  write([...storedCredits().filter((c) => c.paymentIntentId !== credit.paymentIntentId), credit]);
}

export function forgetCredit(paymentIntentId: string): void {
  write(storedCredits().filter((c) => c.paymentIntentId !== paymentIntentId));
}

/** What is left of a payment, or null where the server knows no such payment for that e-mail. */
export async function fetchCredit(credit: StoredCredit): Promise<PaymentCredit | null> {
  try {
    return await callApi(ROUTES.paymentCredit, { body: credit });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** The first stored payment with conversions left; used-up and unknown ones are forgotten. */
export async function findUnusedCredit(): Promise<(StoredCredit & PaymentCredit) | null> {
  for (const stored of storedCredits()) {
    let credit: PaymentCredit | null;
    try {
      credit = await fetchCredit(stored);
    } catch {
      continue; // unreachable now: kept for the next visit
    }
    if (credit?.paid && credit.remaining > 0) return { ...stored, ...credit };
    if (!credit || credit.paid) forgetCredit(stored.paymentIntentId);
  }
  return null;
}
